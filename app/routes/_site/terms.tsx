import { Link } from "react-router";
import type { Route } from "./+types/terms";
import {
  LegalDocument,
  legalContactSection,
  type LegalText,
} from "~/components/site/legal-document";
import { pageMeta } from "~/modules/seo/meta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of Service",
    description:
      "Terms for using our website and requesting a consultation: written estimates and contracts, financing, reviews, our affiliate program and Massachusetts law.",
    keywords: [
      "terms of service",
      "website terms of use",
      "bathroom remodeling consultation terms",
      "Massachusetts home improvement contractor",
      "HIC registration",
      "home improvement contract Massachusetts",
      "remodeling financing terms",
      "affiliate program terms",
    ],
  });

const EFFECTIVE_DATE = { iso: "2026-11-22", label: "November 22, 2026" };

const termsOfService: LegalText = (company) => ({
  intro: (
    <>
      The terms that apply when you use the {company.name} website, request a consultation, leave a
      review or refer customers to us.
    </>
  ),
  sections: [
    {
      id: "about-these-terms",
      title: "Who we are",
      content: (
        <>
          <p>
            This website is operated by {company.name} (“we”, “us”, “our”), a bathroom design and
            remodeling company at {company.streetAddress}, {company.addressLocality},{" "}
            {company.addressRegion} {company.postalCode}, serving homeowners, landlords and
            businesses across New England.
          </p>
          <p>
            These terms apply when you use this website, request a consultation, leave a review or
            take part in our affiliate program. By using the site you accept them; if you do not
            agree, please do not use it. How we handle personal information is explained in our{" "}
            <Link to="/privacy-policy">Privacy Policy</Link>, which forms part of these terms.
          </p>
        </>
      ),
    },
    {
      id: "use-of-the-site",
      title: "Using our website",
      content: (
        <>
          <p>
            You may use the site to learn about our work, plan a project and contact us. When you
            do, you agree not to:
          </p>
          <ul>
            <li>break the law, or infringe anyone’s rights, through the site;</li>
            <li>
              send a request, review or referral with false details, or with another person’s
              details without their permission;
            </li>
            <li>
              use bots, scrapers or other automated means to submit forms, collect content or
              generate traffic or referral clicks;
            </li>
            <li>
              probe, scan or test the site’s security, try to reach accounts or areas you are not
              authorized to use, or disrupt the site or the people using it;
            </li>
            <li>upload anything that contains malware or that is unlawful or abusive.</li>
          </ul>
          <p>
            We may limit, suspend or block access to the site, including through our automated bot
            protection, if we reasonably believe it is being misused. You must be at least 18 years
            old to request a consultation or join the affiliate program.
          </p>
        </>
      ),
    },
    {
      id: "consultation-requests",
      title: "Consultation requests are not contracts",
      content: (
        <>
          <p>
            Sending a consultation request asks us to contact you. It is not an order, a quote or a
            contract, and it does not commit you or us to any work. We may decline a request, for
            example when a project is outside our service area or our services.
          </p>
          <p>
            Any work we do is agreed in separate written documents: first a written estimate,
            prepared after we have seen and measured the space, and then a written contract signed
            by you and by us. The contract states the scope of work, the materials, the price, the
            payment schedule and the start and completion dates, and it alone governs the work. If
            anything on this website differs from your contract, the contract prevails.
          </p>
          <p>
            By sending a request you confirm that the details are accurate, that you own the
            property or are authorized to arrange work on it, and, for home and rental projects,
            that all homeowners will be present at the consultation, as the form asks.
          </p>

          <h3>Massachusetts home improvement contracts</h3>
          <p>
            We follow the Massachusetts Home Improvement Contractor law (M.G.L. c. 142A). Under it,
            residential work costing more than $1,000 requires a written contract, and the contract
            must include the contractor’s registration number and the notices of your rights under
            that law. <strong>Our HIC registration number appears on every contract.</strong> Where
            a contract is signed in your home, you may also have a right to cancel it within three
            business days, as the contract will explain.
          </p>
          <p>
            Projects in other New England states follow the contractor registration and contract
            rules of the state where the work is done, and commercial projects are governed by their
            own commercial agreement.
          </p>
        </>
      ),
    },
    {
      id: "pricing-and-financing",
      title: "Pricing, payments and financing",
      content: (
        <>
          <p>
            Prices, price ranges, timelines and offers mentioned on the site are general
            information, not a quote. Your price is fixed only in your written estimate and
            contract. Offers and promotions carry their own conditions and end dates.
          </p>
          <p>
            Financing is provided by a third-party consumer lender, not by us. Every application is
            subject to the lender’s credit approval, and the rates, terms and conditions are set by
            the lender in its own agreement with you. Following our financing link does not
            guarantee approval or any particular terms.
          </p>
          <p>
            Payments for a signed contract can be made through the secure checkout linked from our
            site, which is run by a payment processor under its own terms. Payment amounts and due
            dates are those in your contract.
          </p>
        </>
      ),
    },
    {
      id: "reviews-and-content",
      title: "Reviews and content you send us",
      content: (
        <>
          <p>
            Reviews must describe your own genuine experience with us. Please do not write a review
            on behalf of someone else, about a project you were not part of, or in exchange for
            anything of value unless you say so in the review. We never write fake reviews, pay for
            positive ones or ask people to post reviews that are not genuine.
          </p>
          <p>
            You keep ownership of what you write. By sending a review or other content, you give us
            a non-exclusive, royalty-free, worldwide licence to publish, display and reproduce it,
            together with the name and town you entered, on our site and in our marketing, for as
            long as it stays published. You confirm that you have the right to give us that licence.
          </p>
          <p>
            Every review is read by our team before it is published. We publish reviews whether they
            are positive or negative; we do not publish content that is unlawful, abusive,
            off-topic, advertising or spam, or that reveals someone else’s personal information. We
            may correct obvious typing errors, but we do not change what a review says. You can ask
            us to remove your review at any time.
          </p>
        </>
      ),
    },
    {
      id: "affiliate-programme",
      title: "Affiliate program",
      content: (
        <>
          <p>
            Our affiliate program rewards people who refer customers to us. Taking part is governed
            by a separate affiliate agreement, which each affiliate accepts when joining; where it
            differs from these terms, the affiliate agreement prevails.
          </p>
          <ul>
            <li>
              Referrals are credited according to the program rules in force when the referral is
              made, through the affiliate’s referral link or code, and commissions are paid on
              referrals that become customers as those rules describe.
            </li>
            <li>
              Affiliates must not send spam or unsolicited messages, make misleading claims about
              us, our prices or our work, refer themselves, or create fake clicks or requests.
            </li>
            <li>
              Affiliates are independent. They do not act for us and cannot make promises or offers
              on our behalf.
            </li>
          </ul>
          <p>
            We may withhold commissions earned in breach of the rules and close the account of an
            affiliate who breaks them.
          </p>
        </>
      ),
    },
    {
      id: "intellectual-property",
      title: "Intellectual property",
      content: (
        <p>
          The site and its content, including text, photographs, illustrations, designs, the
          bathroom visualizer, our name and our logo, belong to {company.name} or to those who
          licensed them to us, and are protected by copyright and trademark law. You may view,
          download and print pages for your own personal use in planning a project. You may not
          copy, republish, sell or otherwise use our content commercially, or use our name or logo,
          without our written permission.
        </p>
      ),
    },
    {
      id: "accuracy",
      title: "Accuracy and illustrations",
      content: (
        <>
          <p>
            Images on the site are illustrations. Some show finished projects, others are renderings
            or sample designs, and colors, textures and finishes look different on screens than in
            real life. Designs created with our visualizer are illustrations for inspiration, not a
            proposal, a drawing for construction or a price.
          </p>
          <p>
            We work to keep the information on the site accurate and current, but products,
            availability, offers and details can change without notice. If we find an error, we
            correct it; the written estimate and contract always state what is actually included in
            your project.
          </p>
        </>
      ),
    },
    {
      id: "other-sites",
      title: "Links to other sites",
      content: (
        <p>
          Our site links to sites run by others: the consumer-financing application, the payment
          checkout, the maps page where you can review us, and our social media pages. They have
          their own terms and privacy notices, and we are not responsible for their content,
          availability or practices. A link does not mean we endorse everything on that site.
        </p>
      ),
    },
    {
      id: "disclaimers",
      title: "Disclaimers",
      content: (
        <>
          <p>
            The website is provided “as is” and “as available”. To the extent the law allows, we
            make no warranties about the website itself, express or implied, including that it will
            be uninterrupted, error-free or free of harmful components, or that its general
            information suits your particular project.
          </p>
          <p>
            This does not affect the warranties in your contract, or any rights you have as a
            consumer that cannot be waived, including under the Massachusetts Consumer Protection
            Act (M.G.L. c. 93A) and the Home Improvement Contractor law.
          </p>
        </>
      ),
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of liability",
      content: (
        <>
          <p>
            To the extent the law allows, we are not liable for indirect, incidental, special or
            consequential losses, or for lost profits or data, arising from your use of the website
            or your inability to use it, and our total liability for any claim about the use of the
            website is limited to one hundred dollars ($100).
          </p>
          <p>
            These limits concern the website only. Our responsibilities for remodeling work are set
            out in your contract and by law, and nothing in these terms limits liability that cannot
            be limited by law, such as liability for fraud, gross negligence or personal injury
            caused by our negligence.
          </p>
        </>
      ),
    },
    {
      id: "indemnity",
      title: "Indemnity",
      content: (
        <p>
          If you misuse the website, break these terms, or send us content that infringes someone
          else’s rights, and a claim is made against us as a result, you agree to indemnify us
          against that claim, including reasonable legal costs. This does not apply to the extent
          the claim is caused by our own fault.
        </p>
      ),
    },
    {
      id: "governing-law",
      title: "Governing law and disputes",
      content: (
        <p>
          These terms are governed by the laws of the Commonwealth of Massachusetts, without regard
          to its conflict-of-law rules. If you have a concern, please contact us first; we will try
          to resolve it with you directly. Any dispute about the website that we cannot resolve
          together will be heard by the state or federal courts located in Massachusetts, unless the
          law of your home state gives you the right to bring it there. Disputes about remodeling
          work follow the dispute-resolution terms of your contract.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to these terms",
      content: (
        <>
          <p>
            We may update these terms from time to time. The new version applies from the effective
            date shown at the top of this page, and only to use of the site from that date; it does
            not change a contract you have already signed. If a change is significant, we will point
            it out on the site.
          </p>
          <p>
            If any part of these terms is found unenforceable, the rest still applies. Not enforcing
            a term at one time does not mean we give up the right to enforce it later.
          </p>
        </>
      ),
    },
    legalContactSection("Questions about these terms are welcome:"),
  ],
});

export default function Page() {
  return (
    <LegalDocument title="Terms of service" effectiveDate={EFFECTIVE_DATE} text={termsOfService} />
  );
}
