import { Link } from "react-router";
import type { Route } from "./+types/privacy-policy";
import {
  LegalDocument,
  LegalTermList,
  legalContactSection,
  type LegalText,
} from "~/components/site/legal-document";
import { ANALYTICS_OPT_OUT_KEY } from "~/components/site/privacy-panel";
import { pageMeta } from "~/modules/seo/meta";
import {
  ANALYTICS_SESSION_COOKIE,
  ANALYTICS_VISITOR_COOKIE,
} from "~/modules/analytics/event-catalogue";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description:
      "What we collect when you visit or request a consultation, why, how long we keep it, who receives it, and how to opt out or have your data deleted.",
    keywords: [
      "privacy policy",
      "bathroom remodeler privacy policy",
      "consultation request data",
      "first-party analytics",
      "opt out of analytics",
      "Do Not Track",
      "affiliate referral cookie",
      "Massachusetts 201 CMR 17.00",
      "delete my data",
    ],
  });

const EFFECTIVE_DATE = { iso: "2026-11-22", label: "November 22, 2026" };

/** The tracking parameters read from the landing address (and browser), grouped by kind. */
const ATTRIBUTION_FIELDS: { term: React.ReactNode; description: React.ReactNode }[] = [
  {
    term: (
      <>
        Campaign tags: <code>utm_source</code>, <code>utm_medium</code>, <code>utm_campaign</code>,{" "}
        <code>utm_content</code>
      </>
    ),
    description:
      "The source, medium, campaign and ad content named in the link you followed, such as an e-mail newsletter or a search advertisement.",
  },
  {
    term: (
      <>
        Advertising identifiers: <code>campaign_id</code>, <code>adset_id</code>, <code>ad_id</code>
        , <code>adgroup_id</code>, <code>asset_id</code>, <code>extension_id</code>,{" "}
        <code>ad_type</code>, <code>network</code>
      </>
    ),
    description:
      "Which campaign, ad set or ad group, ad, asset or ad extension the click came from, what kind of ad it was, and on which advertising network.",
  },
  {
    term: (
      <>
        Click identifiers: <code>fbclid</code>, <code>gclid</code>, <code>wbraid</code>,{" "}
        <code>gbraid</code>
      </>
    ),
    description:
      "Reference numbers that advertising platforms add to their links so a click can be matched to the ad that produced it.",
  },
  {
    term: (
      <>
        Analytics cookie values: <code>ga</code>, <code>fbc</code>, <code>fbp</code>
      </>
    ),
    description: (
      <>
        The values of the <code>_ga</code>, <code>_fbc</code> and <code>_fbp</code> cookies, read
        only if they are already present in your browser for our site. We do not load the scripts
        that create these cookies.
      </>
    ),
  },
  {
    term: (
      <>
        Link details: <code>source</code>, <code>rand</code>
      </>
    ),
    description:
      "A source name printed into a link (for example on a flyer, a TV spot or a QR code) and a random value some links carry so they are not cached.",
  },
  {
    term: (
      <>
        Referral codes: <code>aff</code>, <code>affiliate_code</code>
      </>
    ),
    description:
      "The code of the affiliate whose referral link you followed (see Affiliate referrals below).",
  },
  {
    term: "User agent and IP address",
    description:
      "The description of your browser and operating system that your browser sends with every request, and the IP address our server sees the request coming from.",
  },
];

const privacyPolicy: LegalText = (company) => ({
  intro: (
    <>
      How {company.name} collects, uses and protects your information when you visit our site or
      request a consultation, and how you can opt out.
    </>
  ),
  sections: [
    {
      id: "at-a-glance",
      title: "At a glance",
      content: (
        <>
          <ul>
            <li>
              When you request a consultation we collect your name, e-mail address, phone number,
              the project you have in mind and how you heard about us, and we use them to contact
              you about your project.
            </li>
            <li>
              Everything is stored on our own server. We do not use a hosted form service, and we do
              not load third-party analytics or advertising scripts on this site.
            </li>
            <li>
              We record which campaign or referral brought you to us, and we count page views and a
              few actions with our own first-party analytics, which never contain your name, e-mail
              address or phone number.
            </li>
            <li>We do not sell your personal information.</li>
            <li>
              You can switch analytics off at any time, and you can ask us to show, correct or
              delete what we hold about you. See <a href="#opt-out">How to opt out</a>.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "who-we-are",
      title: "Who we are",
      content: (
        <>
          <p>
            {company.name} (“we”, “us”, “our”) designs and builds bathroom remodels for homes,
            rental properties and commercial buildings across New England. Our office is at{" "}
            {company.streetAddress}, {company.addressLocality}, {company.addressRegion}{" "}
            {company.postalCode}.
          </p>
          <p>
            This policy explains how we handle personal information collected through this website:
            when you browse it, request a consultation, leave a review, arrive through an
            affiliate’s referral link, or sign in to our affiliate portal. Information you give us
            later as a customer, for example in a signed remodeling contract, is also covered by
            that contract.
          </p>
        </>
      ),
    },
    {
      id: "information-we-collect",
      title: "Information we collect",
      content: (
        <>
          <h3>Consultation requests</h3>
          <p>When you send our consultation form, we receive:</p>
          <ul>
            <li>your first and last name, e-mail address and phone number;</li>
            <li>
              the service you are interested in and the project type (your home, a rental unit you
              own, or a commercial property);
            </li>
            <li>
              how you heard about us, and, if you choose those options, the name of the person who
              referred you or your own description of the source;
            </li>
            <li>
              your answers to the consent checkboxes: your agreement to be contacted about your
              project and, for home and rental projects, your confirmation that all homeowners will
              be present at the consultation;
            </li>
            <li>
              the date and time of the request, and the marketing attribution details described
              next.
            </li>
          </ul>

          <h3>Marketing attribution</h3>
          <p>
            Links in our advertisements, e-mails, printed material and QR codes often carry tracking
            parameters that tell us which campaign brought you here. When you arrive, we read up to
            25 such details from the address of the page you landed on and from your browser:
          </p>
          <LegalTermList items={ATTRIBUTION_FIELDS} />
          <p>
            These details are kept in your browser’s local storage under a single entry, so they are
            still available if you send a request on a later page. Our server keeps them too,
            against a random visitor number in a first-party cookie (<code>lm_visitor</code>), so a
            request is credited correctly even when scripts are switched off. When you send a
            request, our server stores them with it as two records: a <strong>first-touch</strong>{" "}
            record (how you first came to us) and a <strong>last-touch</strong> record (the visit
            that led to the request). We use them to learn which of our marketing works, not to
            follow you on other websites.
          </p>

          <h3>Affiliate referrals</h3>
          <p>
            If you arrive through a referral link shared by one of our affiliates, the link carries
            the affiliate’s code. Our server then sets a first-party cookie named{" "}
            <code>lm_affiliate</code> that holds the code for 90 days. It is sent only to our own
            site (<code>SameSite=Strict</code>) and only over a secure connection when the site is
            served over HTTPS. Your browser also keeps an encoded copy of the code in local storage
            for the same 90 days, in case the cookie is removed. The visit is counted as a referral
            click, and the code is stored with any consultation request you send in that time.
          </p>
          <p>
            We use the code only to credit the referring affiliate and to pay the commission they
            earn when a referral becomes a customer. The affiliate sees that a click or a request
            was credited to them, its status and their commission; we do not give affiliates your
            contact details.
          </p>

          <h3>First-party analytics</h3>
          <p>
            To understand how the site is used, a small tracker of our own (not a third-party
            script) starts once the page has finished loading and sends records to our own server.
            It records page views, and these actions: interest in a service, quote requests, the
            start of a consultation request, clicks on our phone number, review submissions, QR-code
            generation, and affiliates’ sign-ups and sign-ins. When you send a consultation request,
            our server records that a request was sent, with its reference number, the service and
            the campaign it came from.
          </p>
          <p>Each record holds exactly this:</p>
          <ul>
            <li>what happened, and when (by our server’s clock);</li>
            <li>
              the page’s path, the campaign and ad-click parameters in its address (such as
              utm_source, utm_campaign or gclid; no other part of the address), and the part after a
              “#”;
            </li>
            <li>the website that sent you here (its host name only);</li>
            <li>your screen size, and the kind of device, browser and operating system;</li>
            <li>
              a random visitor number and a random session number that your browser keeps (see
              below), so we can count visitors and visits rather than page loads;
            </li>
            <li>the result of the bot check described below;</li>
            <li>
              for affiliates and staff who are signed in, their account number; for visitors, never
              anything that names them.
            </li>
          </ul>
          <p>
            Analytics records never contain your name, e-mail address, phone number or IP address.
            If a country is shown in our reports, it is worked out on our own server from a local
            list of address ranges, and only the country is kept. If we choose to copy the records
            to a hosted analytics service that processes them for us, only the records above are
            sent, without bot traffic.
          </p>
          <p>
            The tracker sends nothing, and sets no cookie, if your browser sends a Do Not Track or
            Global Privacy Control signal or if you switch analytics off in the Privacy controls
            panel; our server then keeps no visitor or session number with a consultation request
            either. See <a href="#opt-out">How to opt out</a>.
          </p>

          <h3>Bot protection signals</h3>
          <p>
            Automated programs send fake requests, copy content and try to break into accounts. To
            keep them out, an open-source bot detector runs in your browser and looks for signs of
            automation (such as a headless or remote-controlled browser), and our server adds its
            own signals: a classification of the user agent (for example a search-engine crawler, a
            script or an ordinary browser) and the pattern and rate of requests. The result is a
            score. We use it only to keep out automated abuse and to exclude bots from our
            statistics, never for marketing. Blocking visitors on the basis of the score is a
            protection we can switch on when the site is under attack; when it is on, a visitor who
            looks automated sees an “Access Restricted” page and can try again.
          </p>

          <h3>IP address</h3>
          <p>
            Our server reads your IP address from the connection itself; we do not look it up
            through any outside service. We use it to apply rate limits and block abuse, to protect
            sign-in pages, as part of the attribution stored with a request, and to detect
            fraudulent referral clicks and requests.
          </p>

          <h3>Reviews</h3>
          <p>
            If you leave a review on our site, we collect the name you enter, your town, your star
            rating and your text. A member of our team reads every review before it is published;
            once approved, the name, town, rating and text appear publicly on our site. Any contact
            details you give with a review are never published.
          </p>

          <h3>Affiliate accounts and sign-in records</h3>
          <p>
            If you join our affiliate program, we keep the details of your account (your name,
            e-mail address, a securely hashed password and, if you set it up, a two-factor
            authentication factor) together with your referral clicks, credited requests,
            commissions and payouts. Each attempt to sign in to the affiliate portal or the staff
            area is recorded with the e-mail address entered, the time, the IP address, the user
            agent and whether it succeeded, so that password-guessing can be stopped.
          </p>

          <h3>Server logs</h3>
          <p>
            Our server keeps technical logs of its own work, such as errors, timings and completed
            background jobs. These logs contain no names, e-mail addresses, phone numbers, IP
            addresses or query strings.
          </p>
        </>
      ),
    },
    {
      id: "cookies-and-storage",
      title: "Cookies and browser storage",
      content: (
        <>
          <p>
            We use no advertising cookies and no third-party cookies. This is everything our site
            keeps in your browser:
          </p>
          <LegalTermList
            items={[
              {
                term: (
                  <>
                    <code>lm_affiliate</code> (cookie)
                  </>
                ),
                description:
                  "Set only when you arrive through a referral link. Holds the affiliate’s code so the referral is credited. First-party, SameSite Strict, kept for 90 days.",
              },
              {
                term: (
                  <>
                    <code>lm_visitor</code> (cookie)
                  </>
                ),
                description:
                  "Set only when you arrive through a campaign link or from another website. A random number, not your name or contact details, that links the first and the latest campaign that brought you here. First-party, not readable by scripts, kept for 12 months.",
              },
              {
                term: (
                  <>
                    <code>lm_qr</code> (cookie)
                  </>
                ),
                description:
                  "Set only when you scan one of our printed QR codes. Holds the numbers of the codes this browser has scanned, so a second scan is not counted as a new person; the page the code leads to carries a qr parameter naming the code. First-party, not readable by scripts, kept for 12 months.",
              },
              {
                term: (
                  <>
                    <code>{ANALYTICS_VISITOR_COOKIE}</code> and{" "}
                    <code>{ANALYTICS_SESSION_COOKIE}</code> (cookies)
                  </>
                ),
                description:
                  "Set by our analytics tracker unless you switched analytics off or your browser asks not to be tracked. A random visitor number (kept for 12 months) and a random number for the current visit (a new one after 30 minutes without activity or after 24 hours), with the same numbers and the time of your last activity in local storage. First-party; switching analytics off deletes them.",
              },
              {
                term: "Referral code copy (local storage)",
                description:
                  "An encoded copy of the same affiliate code, in case the cookie is removed. Kept for 90 days.",
              },
              {
                term: "Marketing attribution (local storage)",
                description:
                  "The tracking parameters of your visit, under a single entry, so they can travel with a request. Kept until you clear your browser’s storage for our site.",
              },
              {
                term: (
                  <>
                    <code>{ANALYTICS_OPT_OUT_KEY}</code> (local storage)
                  </>
                ),
                description:
                  "Present only if you switched analytics off. Remembers that choice in this browser until you switch analytics back on or clear storage.",
              },
              {
                term: "Sign-in session (affiliates and staff only)",
                description:
                  "Keeps you signed in to the affiliate portal or the staff area until you sign out or the session expires. Visitors who do not sign in never receive one.",
              },
            ]}
          />
        </>
      ),
    },
    {
      id: "how-we-use-information",
      title: "How we use information",
      content: (
        <>
          <ul>
            <li>
              <strong>To answer your request:</strong> to call or e-mail you about your project,
              arrange a consultation, prepare a design and a written estimate, and, if you go ahead,
              carry out the contract.
            </li>
            <li>
              <strong>To measure our marketing:</strong> to see which campaigns, ads, printed pieces
              and QR codes lead to requests, so we spend our budget well.
            </li>
            <li>
              <strong>To run the affiliate program:</strong> to credit referrals and pay
              commissions.
            </li>
            <li>
              <strong>To improve the site:</strong> to see, in aggregate, which pages and services
              interest visitors and where they get stuck.
            </li>
            <li>
              <strong>To keep the site and your information safe:</strong> rate limits, bot and
              fraud detection, and protection of sign-in pages.
            </li>
            <li>
              <strong>To publish reviews</strong> that you have asked us to publish.
            </li>
            <li>
              <strong>To meet legal obligations:</strong> keeping business records and answering
              lawful requests from authorities.
            </li>
          </ul>
          <p>
            We do not sell personal information, we do not rent or trade our lists, and we do not
            let advertising networks collect information on our site.
          </p>
        </>
      ),
    },
    {
      id: "storage-and-delivery",
      title: "How your request is stored",
      content: (
        <>
          <p>
            The consultation form sends your request straight to our own server, which checks it and
            stores it in our own database before anything else happens. No hosted form service sees
            it.
          </p>
          <p>
            From there the request is delivered to our team in two ways: to the systems we use to
            manage customers (for example our CRM) through webhooks, each of which is signed so the
            receiving system can confirm it came from us and was not altered on the way, and as a
            notification e-mail to the staff members who handle new requests. If a delivery fails,
            it is retried later; your request is never lost because another system was briefly
            unavailable.
          </p>
        </>
      ),
    },
    {
      id: "sharing",
      title: "Who receives information",
      content: (
        <>
          <p>
            We share personal information only with the service providers we have set up to run our
            business, and only what each needs for its task:
          </p>
          <ul>
            <li>
              <strong>Our e-mail delivery provider</strong>, which delivers the notification e-mails
              about new requests to our staff.
            </li>
            <li>
              <strong>Our customer-management system (CRM)</strong>, which receives new requests
              through the signed webhooks described above.
            </li>
            <li>
              <strong>Our consumer-financing partner</strong>, and only if you follow our financing
              link and apply. You then give your details to the lender directly, under the lender’s
              own privacy notice.
            </li>
          </ul>
          <p>
            Our payment checkout page and the page where you can review us on a maps service are run
            by other companies. We do not send them your information; what you enter there is
            governed by their own privacy notices.
          </p>
          <p>
            We may also disclose information when the law requires it (for example, in answer to a
            valid subpoena or court order), to protect our customers, staff or property against
            fraud or harm, or to a buyer or successor if our business is sold or reorganized, who
            would remain bound by this policy for the information collected under it.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      title: "How long we keep it",
      content: (
        <>
          <ul>
            <li>
              <strong>Consultation requests and their attribution:</strong> for as long as we are in
              contact with you about a project or work together, and up to 3 years after that. They
              are then deleted.
            </li>
            <li>
              <strong>Contracts, warranties and payment records of customers:</strong> for as long
              as the warranty lasts and as tax and contractor laws require.
            </li>
            <li>
              <strong>Sign-in attempt records:</strong> 24 hours.
            </li>
            <li>
              <strong>Analytics:</strong> individual records for 13 months; after that only daily
              totals (counts of visits, sources and actions), which do not identify anyone.
            </li>
            <li>
              <strong>Referral cookie and its local copy:</strong> 90 days in your browser.
            </li>
            <li>
              <strong>Visitor cookie and its campaign record:</strong> 12 months from your latest
              campaign visit.
            </li>
            <li>
              <strong>Published reviews:</strong> until you ask us to remove yours, or we retire it.
            </li>
            <li>
              <strong>Affiliate accounts:</strong> while the account is open, and afterwards for as
              long as tax law requires records of commissions paid.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "security",
      title: "How we protect it",
      content: (
        <>
          <p>
            We keep a written information security program that follows the Massachusetts standards
            for the protection of personal information (201 CMR 17.00). In practice:
          </p>
          <ul>
            <li>The site is served over encrypted connections (HTTPS).</li>
            <li>
              Requests are stored on a server under our control, with regular backups; server logs
              are kept free of personal details.
            </li>
            <li>
              Staff see only what their role requires. Passwords are stored only as secure hashes,
              sign-in pages are protected by rate limits and temporary lock-outs, sessions expire,
              and staff actions are recorded in an audit log.
            </li>
            <li>Deliveries to our other systems are signed, so tampering can be detected.</li>
            <li>Bot detection keeps automated abuse away from our forms and accounts.</li>
          </ul>
          <p>
            No system is perfectly secure. If a breach ever affected your personal information, we
            would notify you and the authorities as Massachusetts law (M.G.L. c. 93H) and the law of
            your state require.
          </p>
        </>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights and choices",
      content: (
        <>
          <p>Whatever state you live in, you can ask us to:</p>
          <ul>
            <li>
              <strong>access</strong> the personal information we hold about you and receive a copy
              of it;
            </li>
            <li>
              <strong>correct</strong> information that is wrong or out of date;
            </li>
            <li>
              <strong>delete</strong> your information, unless we must keep it (for example the
              records of a signed contract);
            </li>
            <li>
              <strong>opt out</strong> of analytics, and of calls or e-mails about your project or
              our offers.
            </li>
          </ul>
          <p>
            Several states, including Connecticut, New Hampshire and Rhode Island, have consumer
            privacy laws that give their residents these rights and others, such as the right to
            appeal our answer to a request. We honour the same requests from everyone. Massachusetts
            residents’ personal information is protected to the standards of 201 CMR 17.00.
          </p>
          <p>
            To make a request, contact us as shown in <a href="#contact-us">How to contact us</a>.
            We will confirm that the request comes from you (usually by replying to the e-mail
            address or phone number we hold), answer within 45 days, and never treat you differently
            for using these rights.
          </p>
        </>
      ),
    },
    {
      id: "opt-out",
      title: "How to opt out",
      content: (
        <>
          <ol>
            <li>
              <strong>Switch analytics off.</strong> Open the Privacy controls panel with the shield
              button in the bottom-left corner of any page and turn the Analytics switch off. Your
              choice is stored in this browser as <code>{ANALYTICS_OPT_OUT_KEY}</code> and applies
              at once; no further analytics events are sent from it. Bot detection stays on, because
              it protects the site rather than measuring you.
            </li>
            <li>
              <strong>Turn on Do Not Track.</strong> If your browser sends the Do Not Track signal,
              our analytics tracker does not start at all. The setting is in your browser’s privacy
              settings.
            </li>
            <li>
              <strong>Clear cookies and site data.</strong> Removing our site’s cookies and local
              storage in your browser settings deletes the referral cookie, its local copy and the
              stored attribution details. It also removes your analytics choice, so switch analytics
              off again afterwards if you wish.
            </li>
            <li>
              <strong>Ask us to delete what we hold.</strong> E-mail{" "}
              <a href={`mailto:${company.email}`}>{company.email}</a> or write to us, and we will
              delete your consultation requests, attribution records and any review from our server,
              except records the law requires us to keep.
            </li>
            <li>
              <strong>Stop calls and e-mails.</strong> Tell us on the phone, reply to any e-mail, or
              write to us, and we will stop contacting you.
            </li>
          </ol>
        </>
      ),
    },
    {
      id: "children",
      title: "Children",
      content: (
        <p>
          Our site and services are meant for adults planning work on property they own or manage.
          We do not knowingly collect personal information from children under 16. If you believe a
          child has sent us information, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      content: (
        <p>
          When our practices change, we will update this page and its effective date. If a change is
          significant, for example a new use of your information or a new kind of recipient, we will
          say so prominently on the site before it takes effect, and we will not apply it to
          information collected earlier without your consent. The terms that govern the use of the
          site are in our <Link to="/terms">Terms of Service</Link>.
        </p>
      ),
    },
    legalContactSection(
      "For questions about this policy or to use any of your rights, write or e-mail to:",
    ),
  ],
});

export default function Page() {
  return (
    <LegalDocument title="Privacy policy" effectiveDate={EFFECTIVE_DATE} text={privacyPolicy} />
  );
}
