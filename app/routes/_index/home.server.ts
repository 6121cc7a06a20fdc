import { catalogue } from "#contract/index";
import { sharedForAnonymous } from "~/utils/cache/anonymous-catalogue-cache.server";
import { cardProduct } from "~/utils/card-product";
import { footerContact } from "~/utils/contact";
import { loadUpstream } from "~/utils/upstream.server";
import { inLanguage, langOf, pageStrings } from "~/i18n/i18n.server";
// the headers of the pages this module loads: anonymous visitors share them (see app/utils/cache/anonymous-page-cache.server.ts);
// routes take them from here, so their browser code gains no import
export { sharedPageHeaders } from "~/utils/cache/anonymous-page-cache.server";
import { surrogateKey, surrogateKeys } from "~/utils/cache/anonymous-page-cache.server";

/** The surrogate keys of the home page: its own content (sliders, banners), and each product of its rows. */
export function homeKeys(home: Awaited<ReturnType<typeof loadHome>>) {
  return surrogateKeys([surrogateKey.home, ...[...home.newProducts, ...home.recommended].map((product) => surrogateKey.product(product.id))]);
}

/** The home page's data: one upstream call, shared between anonymous visitors for a minute. */
export async function loadHome(request: Request) {
  const strings = pageStrings(request, "home");
  const lang = langOf(request);
  const home = await sharedForAnonymous(request, "home-page", (anonymous) => loadUpstream(request, catalogue.homePage, { anonymous }));
  const { sliders, cta_sections, categories, new_products, recomended_products, contact_us_details } = home.data;
  return {
    sliders,
    banners: cta_sections,
    categories: categories.map((category) => inLanguage(lang, category)),
    // as their cards need them: the page's data is serialised into it and decoded before hydration
    newProducts: new_products.map((product) => cardProduct(inLanguage(lang, product))),
    recommended: recomended_products.map((product) => cardProduct(inLanguage(lang, product))),
    social: footerContact(contact_us_details).social,
    strings,
  };
}
