import { z } from "zod";
import { empty, endpoint, envelope, flag, num, text } from "./common";

export const category = z
  .object({
    id: num,
    slug: z.string(),
    name: z.string(),
    /** The name in Hindi (Devanagari); null or absent: the Hindi pages show `name`. */
    name_hi: z.string().nullish(),
    file_url: text,
    is_new: flag,
    on_sale: flag,
  })
  .passthrough();

export const product = z
  .object({
    id: num,
    slug: z.string(),
    title: z.string(),
    short_description: text,
    /** Title and short description in Hindi (Devanagari); null or absent: the Hindi pages show the English ones. */
    title_hi: z.string().nullish(),
    short_description_hi: z.string().nullish(),
    /** Image URLs; the first is the thumbnail. */
    file_url: z.array(z.string()),
    price: num,
    discounted_price: num,
    offer_percentage: num,
    available_unit: num,
    avg_star: num,
    review_count: num,
    product_bv: num,
    hsn_no: z.union([z.string(), z.number().transform(String)]),
    shareable_url: text,
    category_id: num.optional(),
    cart_whishlist: z.object({ cart_status: flag, wishlist_status: flag }).passthrough().default({ cart_status: 0, wishlist_status: 0 }),
  })
  .passthrough();

export const review = z
  .object({
    id: num,
    full_name: z.string(),
    star: num,
    feedback: z.string(),
    created_at: text,
  })
  .passthrough();

export const productDetail = product
  .extend({
    name: text,
    long_description: text,
    /** The long description in Hindi (HTML, untrusted like `long_description`); null or absent: the English one. */
    long_description_hi: z.string().nullish(),
    weight: text,
    dimensions: text,
    materials: text,
    other_info: text,
    product_reviews: z.array(review).default([]),
    /**
     * The pack's declarations, shown before the buy button (Legal Metrology (Packaged Commodities)
     * Rules 2011, r. 6 and 10; E-Commerce Rules 2020, r. 6(5)). Optional: a brand's API without them
     * still works, and the page says which are missing rather than inventing them.
     * `maker_role` says whether `maker_name` / `maker_address` are the manufacturer's, the packer's or the importer's.
     */
    maker_role: z.enum(["manufacturer", "packer", "importer"]).nullish().catch(null),
    maker_name: z.string().nullish(),
    maker_address: z.string().nullish(),
    country_of_origin: z.string().nullish(),
    net_quantity: z.string().nullish(),
    /** Maximum retail price in rupees, inclusive of all taxes. */
    mrp: num.nullish(),
    best_before: z.string().nullish(),
    consumer_care: z.string().nullish(),
  })
  .passthrough();

export const slider = z.object({ title: text, short_description: text, file_url: z.string() }).passthrough();

export const contactDetails = z
  .object({
    description: text,
    email_id: text,
    mobile_no: text,
    address: text,
    tweeter_link: z.string().nullish(),
    facebook_link: z.string().nullish(),
    insta_link: z.string().nullish(),
    youtube_link: z.string().nullish(),
  })
  .passthrough();

export const sortFilter = z.enum(["", "ASC", "DESC"]);

export const homePage = endpoint(
  "home-page",
  empty,
  envelope(
    z
      .object({
        sliders: z.array(slider),
        contact_us_details: contactDetails.nullable(),
        cta_sections: z.array(z.object({ file_url: z.string() }).passthrough()),
        categories: z.array(category),
        new_products: z.array(product),
        recomended_products: z.array(product),
      })
      .passthrough(),
  ),
);

export const categories = endpoint("categories", empty, envelope(z.array(category)));

/**
 * A listing's request: `filter` sorts by payable price (ASC / DESC), "" keeps the catalogue order;
 * `q` (added by us, optional) searches: only the products it finds, best match first unless
 * `filter` sorts by price. An upstream that searched says so with `searched` (the query it
 * answered); one that ignores `q` answers every product, and the app narrows them by title itself.
 */
const listingRequest = z.object({ filter: sortFilter.optional(), q: z.string().max(100).optional() }).passthrough();
const listingResponse = envelope(z.array(product)).extend({ searched: z.string().optional() });

/** Every product (or those `q` finds). */
export const products = endpoint("products", listingRequest, listingResponse);

/** The products of one category (by category slug; or those of them `q` finds); an unknown slug answers 404. */
export const categoryProducts = endpoint("products/{slug}", listingRequest, listingResponse);

/**
 * One product by its slug, with one page of its reviews (REVIEWS_PAGE_SIZE, newest first;
 * `reviews_page`, default 1; the product's `review_count` says how many there are) and up to 8
 * related products of the same category.
 * The spec has no such call (DESIGN.md); the brand's API should add it with this shape.
 */
export const productDetails = endpoint(
  "product-details/{slug}",
  z.object({ reviews_page: z.number().int().positive().max(10_000).optional() }).passthrough(),
  envelope(
    z
      .object({
        product: productDetail,
        related_products: z.array(product).default([]),
      })
      .passthrough(),
  ),
);

export const pageSlugs = ["privacy-policy", "terms-conditions", "refunds-cancellations", "shipping-policy", "legal-document"] as const;

export const page = endpoint(
  "get-page/{page}",
  empty,
  envelope(
    z
      .object({
        // title_hi, description_hi: the page in Hindi (Devanagari), when the upstream has it; else the Hindi pages show the English one
        page: z.object({ title: text, description: text, title_hi: z.string().nullish(), description_hi: z.string().nullish() }).passthrough(),
      })
      .passthrough(),
  ),
);

export type Category = z.infer<typeof category>;
export type Product = z.infer<typeof product>;
export type ProductDetail = z.infer<typeof productDetail>;
export type Review = z.infer<typeof review>;
export type ContactDetails = z.infer<typeof contactDetails>;
export type SortFilter = z.infer<typeof sortFilter>;
