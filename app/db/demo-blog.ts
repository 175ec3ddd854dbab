import { inArray } from "drizzle-orm";
import type { Database } from "./client.server";
import { authors, categories, postCategories, posts } from "./schema";

/**
 * The demo blog: three authors, five categories and six posts for homeowners. Every row is
 * inserted by slug with "on conflict do nothing", so running the seed again, or alongside
 * another seed that adds the same authors and categories, changes nothing.
 */

export const DEMO_AUTHORS = [
  {
    slug: "maya-lindqvist",
    name: "Maya Lindqvist",
    title: "Lead designer",
    bio: "Maya has designed bathrooms in New England homes for fifteen years, from 1920s bungalows to new builds. She cares most about rooms that are easy to clean and easy to live with.",
  },
  {
    slug: "tom-oconnell",
    name: "Tom O'Connell",
    title: "Project manager",
    bio: "Tom runs our projects from the signed design to the final walkthrough: permits, inspections, schedules and the daily phone call. He started as a tile setter and still checks every floor with a level.",
  },
  {
    slug: "rachel-ferreira",
    name: "Rachel Ferreira",
    title: "Owner",
    bio: "Rachel grew up in the family business and now runs it. She writes about prices, planning and the questions homeowners ask us most.",
  },
];

export const DEMO_CATEGORIES = [
  {
    slug: "design-ideas",
    name: "Design ideas",
    description: "Layouts, finishes and details that make a bathroom feel right and work well.",
  },
  {
    slug: "planning-and-budget",
    name: "Planning and budget",
    description: "What a remodel costs, how long it takes and how to plan one without surprises.",
  },
  {
    slug: "accessibility",
    name: "Accessibility",
    description:
      "Bathrooms that stay safe and comfortable as needs change: for every age and ability.",
  },
  {
    slug: "materials",
    name: "Materials",
    description:
      "Tile, stone, fixtures and the things behind the walls: what lasts in New England homes.",
  },
  {
    slug: "behind-the-scenes",
    name: "Behind the scenes",
    description: "How our designers, project managers and crews actually build a bathroom.",
  },
];

interface DemoPost {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  categories: string[];
  /** How long before the seed ran the post went out. */
  daysAgo: number;
  body: string;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    slug: "curbless-shower-in-an-older-cape",
    title: "Planning a curbless shower in an older Cape",
    excerpt:
      "A level-entry shower looks simple, but in a 1950s Cape the floor has to come down to make it work. Here is how we plan one, and what to ask before you commit.",
    author: "maya-lindqvist",
    categories: ["design-ideas", "accessibility"],
    daysAgo: 12,
    body: `A curbless shower is one of the most requested features we design. There is no step to trip over, the floor runs straight into the shower, and a small bathroom suddenly looks larger. In a Cape Cod house built in the 1940s or 1950s, though, it takes more planning than the photos suggest.

# Why the floor is the hard part

A shower needs a slope so water runs to the drain: about a quarter inch per foot. With a curb, that slope sits on top of the floor. Without one, the shower floor has to sit *lower* than the bathroom floor, so the slope starts below the level where you step in.

In most Capes the bathroom is on the second floor over 2x8 joists, or on the first floor over a basement. Either way we have three ways to find the depth:

- **Recess the subfloor** between the joists, where the joist size and span allow it.
- **Sister or replace joists** in the shower area so the floor can drop without weakening it.
- **Raise the rest of the bathroom floor** slightly, with a gentle transition at the door.

We decide which after opening the floor, so the design always includes a plan B with its price written down.

# The drain decides the layout

A linear drain along the back wall lets the whole floor slope one way, which means large tiles and a simpler pattern. A center drain needs a four-way slope and smaller tiles. In older houses the position of the stack and the direction of the joists often settle this for us: we check both at the first visit.

## Keeping water where it belongs

Without a curb, the waterproofing carries the load. We use a bonded sheet membrane on the floor and the walls, carried well past the shower area, and we flood-test it for 24 hours before any tile goes down. A fixed glass panel with a short return, or a slightly wider shower, keeps splashes inside without a door.

# Questions to ask before you commit

1. What is under the floor, and who will check it before the price is final?
2. Where will the drain go, and what does that mean for the tile?
3. How is the floor waterproofed outside the shower itself?
4. Will the bathroom door still open over the new floor height?

# Is it worth it?

For most families, yes. A curbless shower is easier to clean, easier to use with a bad knee or a toddler in tow, and it is the single change that lets a bathroom serve you for decades. In an older Cape it costs more than a shower with a curb, typically a few thousand dollars for the floor work, and it is money well spent if you plan to stay.

If you are thinking about one, we are happy to look at your floor and tell you honestly what it will take.`,
  },
  {
    slug: "heated-bathroom-floors-for-new-england-winters",
    title: "Heated bathroom floors for New England winters",
    excerpt:
      "Cold tile in January is the most common complaint we hear. Electric floor heating fixes it for less than most people expect; here is what it costs to install and to run.",
    author: "tom-oconnell",
    categories: ["materials", "planning-and-budget"],
    daysAgo: 33,
    body: `Ask anyone in Massachusetts what they dislike about their bathroom and, from November to March, the answer is the floor. Tile and stone feel cold because they pull heat from your feet. Floor heating turns that around, and in a bathroom it is one of the best-value upgrades there is.

# Electric mats or hot water?

For a single bathroom, we almost always recommend **electric radiant heat**: a thin mat or cable set in the thin-set mortar under the tile. Hydronic (hot water) tubing makes sense when the whole house is being done, not for one room.

Electric systems are:

- thin, adding only about an eighth of an inch to the floor,
- controlled by their own programmable thermostat with a floor sensor,
- quiet, with nothing to maintain.

# What it costs

For a typical 40 to 60 square foot bathroom floor, the heating mat, thermostat, dedicated circuit and installation usually add **$1,200 to $2,000** to the project. The electrician runs a 120 V or 240 V circuit with GFCI protection, depending on the size of the mat.

## And to run

A bathroom mat draws about 12 watts per square foot. On a schedule of two hours in the morning and two in the evening, a 45 square foot floor uses roughly 65 kWh a month. At Massachusetts electricity rates that is around $15 to $20 a month in the coldest months, and nothing in the summer when the thermostat is off.

# Getting the most out of it

1. **Insulate under the mat.** Over a cold basement or crawl space, a thin insulating underlayment sends the heat up instead of down.
2. **Heat only where you stand.** We leave the mat out from under the vanity and the toilet; it saves money and protects the wax ring.
3. **Use the schedule.** A floor takes 30 to 60 minutes to warm, so set it to start before your alarm.
4. **Photograph the mat** before the tile goes on. We give you the photos and test the resistance three times: before, during and after tiling.

# Does it replace the radiator?

In a small, well-insulated bathroom it sometimes can, but in most older New England houses we treat it as comfort heat. Keep the radiator or baseboard, and let the floor take the chill off.

It is the upgrade our customers mention most a year later, usually on the first cold morning.`,
  },
  {
    slug: "choosing-tile-that-survives-hard-water",
    title: "Choosing tile that survives hard water",
    excerpt:
      "Well water and hard municipal water leave spots and crust on shower walls. The right tile, grout and glass make cleaning a two-minute job instead of a weekend one.",
    author: "maya-lindqvist",
    categories: ["materials", "design-ideas"],
    daysAgo: 58,
    body: `Much of New England has soft water, but many homes on private wells, and some towns, have hard water full of calcium and magnesium. It leaves white spots on glass, a crust around fixtures and a dull film on tile. You cannot change the water without a softener, but you can choose surfaces that shrug it off.

# Tile: glazed porcelain first

Porcelain tile with a good glaze is dense and almost non-porous, so mineral deposits sit on the surface and wipe away. For shower walls we recommend:

- **Glazed porcelain** in a satin or matte finish, which hides water spots better than high gloss.
- **Large formats**, such as 12x24 or bigger, for fewer grout lines to scrub.
- **Mid tones** rather than very dark tile, where white spots stand out most.

## What to be careful with

Polished marble and limestone are beautiful, but they are calcium themselves. Acidic cleaners that remove hard-water scale also etch the stone. If you love marble, use it on the floor outside the shower or on the vanity top, and seal it every year.

Handmade zellige tile has a wonderful uneven surface, and that surface holds deposits. It can work, but only if you accept some patina.

# Grout matters as much as tile

Cement grout is porous and absorbs minerals and soap. In showers we use either:

1. **High-performance cement grout** with polymers, which resists staining much better than basic grout, or
2. **Epoxy grout**, which is stain-proof and never needs sealing, at a higher installation cost.

Choose a grout color close to the tile, or a warm grey. Bright white grout shows every mark.

# Glass and fixtures

Ask for shower glass with a **factory-applied protective coating**. It makes water bead and run off, and it lasts years longer than spray-on products. For faucets and shower trim, brushed and matte finishes hide spots better than polished chrome.

# A simple routine

- Squeegee the glass and walls after the last shower of the day.
- Once a week, spray with a mild, pH-neutral cleaner and wipe.
- Once a month, use a diluted vinegar solution on porcelain and glass only, never on stone, and rinse well.

# Test your water

If you are on a well, a simple hardness test tells you a lot. Above about 7 grains per gallon, a whole-house softener protects your new bathroom, your water heater and your dishwasher. We are happy to look at your test results during the design visit and suggest surfaces that will still look new in ten years.`,
  },
  {
    slug: "what-a-bathroom-remodel-costs-in-massachusetts",
    title: "What a bathroom remodel costs in Massachusetts",
    excerpt:
      "Honest price ranges for a hall bath, a primary bath and a tub-to-shower conversion around Boston, and the choices that move the number most.",
    author: "rachel-ferreira",
    categories: ["planning-and-budget"],
    daysAgo: 86,
    body: `"What will it cost?" is the first question almost everyone asks us, and a fair one. Here are the ranges we actually see for full remodels in Greater Boston and the South Shore, including design, permits, demolition, plumbing, electrical, tile and fixtures.

# Typical ranges

| Project | Typical range |
| --- | --- |
| Tub-to-shower conversion | $14,000 to $24,000 |
| Hall bathroom, full remodel | $22,000 to $38,000 |
| Primary bathroom, full remodel | $38,000 to $75,000 |
| Primary bathroom with layout changes | $60,000 and up |

These are ranges, not quotes. Every house is different, and the only way to know your number is to measure the room and agree what goes in it.

# What moves the price most

## Moving plumbing

Keeping the toilet, shower and sink where they are is the biggest saving available. Moving a toilet across the room can add several thousand dollars, more if the joists run the wrong way.

## Tile, and how much of it

Tile is priced twice: the material and the labor to set it. A floor-to-ceiling shower in small mosaic costs far more to install than large porcelain panels to the same height. Full-height tile on every wall looks wonderful; tile in the shower and a painted wall elsewhere costs much less.

## The shower

A custom tiled shower with a niche, a bench and frameless glass is the single biggest item in most of our projects. A curbless shower adds floor work. A good acrylic or solid-surface base with tiled walls costs less and still looks clean.

## What is behind the walls

Older Massachusetts houses hold surprises: cast-iron drains, knob-and-tube wiring, rot around the old tub. We price the likely repairs in writing before we start, and if we find something no one could have seen, we stop, show you, and price it before we do it.

# Where not to save

1. **Waterproofing.** It is invisible, and it is what makes the room last.
2. **Ventilation.** A quiet, properly ducted fan protects everything else you paid for.
3. **Valves.** A good pressure-balancing valve behind the wall costs little more than a cheap one and is hard to replace later.

# Permits and timing

In Massachusetts, plumbing and electrical work need permits and inspections, and we pull them for you. Most bathrooms take three to five weeks of work on site, after two to six weeks of design and ordering.

# How to plan a budget

Decide on your top three wishes, set a number you are comfortable with, and tell your designer both. A good designer will show you where the money goes and what you can trade. That conversation is free, and it is the best way to turn a range into a real price.`,
  },
  {
    slug: "aging-in-place-bathroom-checklist",
    title: "Aging in place: a bathroom checklist",
    excerpt:
      "Small decisions during a remodel let you stay in your home for decades. A practical checklist for a bathroom that is safe at 85 and still looks good at 50.",
    author: "maya-lindqvist",
    categories: ["accessibility", "design-ideas"],
    daysAgo: 115,
    body: `Most people we work with want to stay in their homes for as long as they can. The bathroom is where that is won or lost: it is the room with the most falls and the one hardest to adapt in a hurry. The good news is that nearly everything that helps later is easy and cheap to do during a remodel, and none of it has to look clinical.

# The checklist

## Getting in and out

- A **level-entry or low-threshold shower** instead of a tub to step over.
- A doorway at least 32 inches clear, and a door that swings out or slides, so it can be opened if someone falls against it.
- Enough clear floor in front of the toilet and vanity to turn around, about 60 inches if the space allows.

## Support where you need it

- **Blocking in the walls** around the shower, toilet and tub: solid wood behind the finished wall, so grab bars can go up anywhere, now or later.
- Grab bars that look like towel bars, in the same finish as the faucets.
- A **shower seat**, built in or fold-down, that you can reach the controls from.

## Water and controls

- A **thermostatic or pressure-balancing valve** so water never runs scalding.
- Controls near the entry of the shower, so you can turn the water on without stepping under it.
- A **handheld shower** on a slide bar, which works for someone sitting or standing.
- Lever handles on faucets and doors instead of knobs.

## Seeing and not slipping

- Floor tile with a high slip resistance, and smaller tiles in the shower for more grout grip.
- Good, even light at the mirror and in the shower, and a motion night light low on the wall.
- Contrast between the floor, the walls and the fixtures, so edges are easy to see.

# Comfort height and other small things

A comfort-height toilet is a couple of inches taller than a standard one and easier to use for almost everyone. A wall-hung vanity leaves room for knees and makes cleaning the floor easy. A drawer at waist height beats a deep cabinet under the sink.

# It does not have to look like a hospital

Every item on this list can be done in warm wood, brass and soft color. Our own showroom bathroom includes all of them, and most visitors do not notice until we point them out.

# Start with the blocking

If you remember only one thing: even if you do not want grab bars today, ask for blocking. It costs very little while the walls are open and saves a great deal later.`,
  },
  {
    slug: "bathroom-ventilation-and-mold-in-humid-summers",
    title: "Stopping mold in humid New England summers",
    excerpt:
      "July humidity and a weak fan are a recipe for mold on ceilings and grout. How to size, duct and control a bathroom fan so the room dries out every time.",
    author: "tom-oconnell",
    categories: ["materials", "behind-the-scenes"],
    daysAgo: 147,
    body: `Every summer we get calls about black spots on bathroom ceilings, peeling paint above the shower and a musty smell that will not go away. The cause is almost always the same: moisture from showers that never leaves the room. In a New England July, when the air outside is already humid, a bathroom without good ventilation does not dry out between showers.

# Why bathrooms grow mold

Mold needs three things: moisture, something to eat, like dust, soap film or the paper on drywall, and time. A shower puts a lot of water into the air. If the fan is too small, too noisy to use, or ducted into the attic instead of outside, that moisture settles on the coldest surfaces and stays there.

# Sizing the fan

The simple rule is **1 CFM per square foot** of floor for bathrooms up to 100 square feet, with a minimum of 50 CFM. For larger rooms, or a room with a separate shower and tub, we add capacity or a second fan over the shower.

We recommend fans rated at **1.0 sone or less**. A quiet fan gets used; a loud one gets switched off.

# Ducting is where most fans fail

A good fan on a bad duct moves a fraction of its rated air. When we remodel, we:

1. Run a **rigid or semi-rigid duct**, as short and straight as possible.
2. Insulate the duct where it passes through a cold attic, so moisture does not condense inside it and drip back.
3. Terminate **outside**, through the roof or a wall cap with a damper, never into the attic or a soffit vent.
4. Seal every joint with foil tape, not cloth duct tape.

# Controls that work without thinking

- A **humidity-sensing fan or switch** turns on when the air is damp and runs until it is dry.
- A **timer switch** that keeps the fan running 20 minutes after you leave works well too.
- In a primary bath, we often wire the fan to come on with the shower light.

# Surfaces that help

- **Mold-resistant backer board** in the shower and moisture-resistant drywall elsewhere.
- Bathroom paint with a mildewcide, in a satin or semi-gloss finish that wipes clean.
- Sealed or epoxy grout in the shower.

# Already have mold?

Small areas on paint or grout can be cleaned with a detergent solution and a soft brush; then fix the ventilation so it does not come back. If it returns quickly, spreads across the ceiling, or the drywall feels soft, the moisture is getting behind the surface. That is when it is time for us to open the wall and look.

A properly ducted, quiet fan is one of the least glamorous parts of a remodel, and one of the most important.`,
  },
];

const day = 24 * 60 * 60 * 1000;

/** The ids of rows by slug: the seed's own rows or those another seed put there first. */
async function idsBySlug(
  db: Database,
  table: typeof authors | typeof categories,
  slugs: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: table.id, slug: table.slug })
    .from(table)
    .where(inArray(table.slug, slugs));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Adds the demo blog: authors, categories and posts that are not there yet, by slug. */
export async function seedDemoBlog(db: Database, now = new Date()): Promise<void> {
  await db.insert(authors).values(DEMO_AUTHORS).onConflictDoNothing({ target: authors.slug });
  await db
    .insert(categories)
    .values(DEMO_CATEGORIES)
    .onConflictDoNothing({ target: categories.slug });
  const authorIds = await idsBySlug(
    db,
    authors,
    DEMO_AUTHORS.map((author) => author.slug),
  );
  const categoryIds = await idsBySlug(
    db,
    categories,
    DEMO_CATEGORIES.map((category) => category.slug),
  );
  for (const post of DEMO_POSTS) {
    const publishedAt = new Date(now.getTime() - post.daysAgo * day);
    const [inserted] = await db
      .insert(posts)
      .values({
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        body: post.body,
        authorId: authorIds.get(post.author)!,
        status: "published",
        publishedAt,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      })
      .onConflictDoNothing({ target: posts.slug })
      .returning({ id: posts.id });
    // Already there: its categories are whatever editors made of them since.
    if (!inserted) continue;
    await db
      .insert(postCategories)
      .values(
        post.categories.map((slug) => ({
          postId: inserted.id,
          categoryId: categoryIds.get(slug)!,
        })),
      )
      .onConflictDoNothing();
  }
}
