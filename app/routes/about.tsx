import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { RootLoader } from "~/root";
import { Breadcrumb, GeneralErrorBoundary, seo, siteOf } from "~/components/kit";
import { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";
import { pageStrings } from "~/i18n/i18n.server";
import { useT } from "~/i18n/strings";

export const headers = sharedPageHeaders;

// the page's texts in Hindi on /hi/about (none on the English page)
export const loader = ({ request }: LoaderFunctionArgs) => ({ strings: pageStrings(request, "about") });

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) => [
  ...seo({
    title: "About us",
    description:
      "Aarogya Herbals makes Ayurvedic and herbal wellness products from authenticated herbs in its GMP-certified unit in Haridwar, Uttarakhand. Our story, our ingredients and what we stand for.",
    path: "/about",
    site: siteOf(matches),
  }),
  {
    name: "keywords",
    content: "Aarogya Herbals, Ayurveda, Ayurvedic products, herbal products, GMP certified, Haridwar, Uttarakhand, herbal extracts, wellness, direct selling",
  },
];

interface Point {
  title: string;
  text: string;
}

const trustPoints: Point[] = [
  {
    title: "Herbs we can name and trace",
    text: "Every lot of raw herb is identified by our botanists before it enters the plant, and we record the farm, forest co-operative or mandi it came from. If a herb cannot be traced, it is not used.",
  },
  {
    title: "Made in a GMP-certified unit",
    text: "All our formulations are produced in our own facility in Haridwar, certified for Good Manufacturing Practices under Schedule T of the Drugs and Cosmetics Rules, and licensed by the Uttarakhand State Licensing Authority.",
  },
  {
    title: "Tested batch by batch",
    text: "Our in-house quality laboratory checks every batch for identity, strength, heavy metals and microbial limits before release, and keeps a retained sample of each batch for its full shelf life.",
  },
  {
    title: "Honest labels, fair prices",
    text: "The full ingredient list and quantities are printed on every pack, we make no miracle claims, and prices are the same whether you buy from the website or from one of our members.",
  },
];

const ingredients: Point[] = [
  {
    title: "Whole Himalayan herbs",
    text: "Giloy, tulsi, brahmi, ashwagandha, shatavari and many more, harvested in season from the Himalayan foothills and the herb belts of central India, then shade-dried to keep their colour and aroma.",
  },
  {
    title: "Standardised herbal extracts",
    text: "Where a formula needs a dependable strength, we use extracts standardised to their key constituents, such as withanolides in ashwagandha or curcuminoids in turmeric, made in our own extraction block.",
  },
  {
    title: "Fresh juices and pure oils",
    text: "Aloe vera, amla and noni are pressed within hours of arrival, and our hair and body oils start from cold-pressed sesame, coconut and mustard oils, cooked with herbs by the classical taila paka method.",
  },
  {
    title: "Classical bases, nothing artificial",
    text: "Honey, jaggery, cow ghee and rock salt carry our formulations as the Ayurvedic texts describe. We add no artificial colours, no synthetic fragrances and no added sugar to our juices.",
  },
];

const standFor: Point[] = [
  {
    title: "Our vision",
    text: "A healthier India, where every family can turn to safe, authentic Ayurveda as a natural part of daily life.",
  },
  {
    title: "Our mission",
    text: "To make effective herbal products to a pharmaceutical standard, price them fairly, and give our members an honest livelihood built on products people come back for, never on recruitment.",
  },
  {
    title: "Our values",
    text: "Purity in what goes into every pack; honesty in what we say about it; respect for the farmers and forest collectors who grow and gather our herbs; and care for the rivers and forests of the Himalaya that we depend on.",
  },
  {
    title: "Our extraction technology",
    text: "Herbs are extracted at low temperature under vacuum, in water or water and alcohol as the classical method prescribes, so heat-sensitive constituents are not lost. The extract is concentrated and spray-dried in a closed system, then tested for its marker compounds, which gives every batch the same strength, season after season.",
  },
];

function Points({ points }: { points: Point[] }) {
  const t = useT();
  return (
    <ul className="about-points">
      {points.map((p) => (
        <li key={p.title}>
          <h3>{t(p.title)}</h3>
          <p>{t(p.text)}</p>
        </li>
      ))}
    </ul>
  );
}

export default function About() {
  const t = useT();
  return (
    <div className="container about-page">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "About Us" }]} />
      <h1 className="page-title">{t("About Aarogya Herbals")}</h1>
      <p className="about-lead">
        {t(
          "Aarogya Herbals brings the time-tested wisdom of Ayurveda to everyday Indian homes. From our unit in Haridwar, at the foothills of the Himalayas, we make more than 60 herbal formulations — immunity boosters, digestive care, hair and skin care, herbal teas and juices — and share them through a community of independent members across India.",
        )}
      </p>

      <section className="about-section" aria-labelledby="about-trust">
        <h2 id="about-trust">{t("Why People Trust")}</h2>
        <Points points={trustPoints} />
      </section>

      <section className="about-section" aria-labelledby="about-infrastructure">
        <h2 id="about-infrastructure">{t("Our Infrastructure")}</h2>
        <p>
          {t(
            "Aarogya Herbals began in 2014 in a small workshop in Haridwar, where a family of vaidyas prepared churnas and oils for their patients. As more people asked for the same remedies, we moved to a purpose-built, GMP-certified unit in the SIDCUL Industrial Area of Haridwar, Uttarakhand.",
          )}
        </p>
        <p>
          {t(
            "Today the unit has separate areas for receiving and identifying raw herbs, for cleaning, drying and grinding, an extraction block, and production lines for tablets, capsules, churnas, syrups, juices, oils and creams. Air handling keeps each area clean and at the right humidity, and water for production is purified on site.",
          )}
        </p>
        <p>
          {t(
            "Our quality laboratory, with HPTLC and microbiology sections, tests raw materials, work in progress and finished goods. Nothing leaves the plant without a signed release from the quality team — which is why a pack you buy in Guwahati is the same as one bought in Pune.",
          )}
        </p>
      </section>

      <section className="about-section" aria-labelledby="about-ingredients">
        <h2 id="about-ingredients">{t("What Our Products Are Made From")}</h2>
        <Points points={ingredients} />
      </section>

      <section className="about-section" aria-labelledby="about-values">
        <h2 id="about-values">{t("What We Stand For")}</h2>
        <Points points={standFor} />
      </section>

      <p className="about-cta">
        <Link to="/shop" className="button">
          {t("Explore our products")}
        </Link>
        <Link to="/contact" className="button button-secondary">
          {t("Contact us")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
