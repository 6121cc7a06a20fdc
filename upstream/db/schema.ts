import type { Generated } from "kysely";

/** Tables of the embedded upstream. Money is integer paise; flags are 0/1 integers. */
export interface Database {
  categories: {
    id: Generated<number>;
    slug: string;
    name: string;
    image: string; // path under DATA_DIR/files
    is_new: number;
    on_sale: number;
    position: number;
  };
  products: {
    id: Generated<number>;
    slug: string;
    category_id: number;
    title: string;
    name: string;
    short_description: string;
    long_description: string; // HTML as the brand's editors wrote it (untrusted)
    other_info: string; // HTML (untrusted)
    weight: string;
    dimensions: string;
    materials: string;
    price_paise: number;
    discount_paise: number;
    gst_percent: number; // 5, 12 or 18
    available_unit: number;
    bv_hundredths: number; // business volume, e.g. 12.50 BV = 1250
    hsn_no: string;
    is_recommended: number;
    is_new_arrival: number;
    created_at: string;
  };
  product_images: {
    id: Generated<number>;
    product_id: number;
    path: string; // under DATA_DIR/files
    position: number;
  };
  reviews: {
    id: Generated<number>;
    product_id: number;
    full_name: string;
    email: string;
    star: number;
    feedback: string;
    created_at: string;
  };
  sliders: {
    id: Generated<number>;
    title: string;
    short_description: string;
    image: string;
    position: number;
  };
  cta_sections: {
    id: Generated<number>;
    image: string;
    position: number;
  };
  contact_details: {
    id: Generated<number>;
    description: string;
    email_id: string;
    mobile_no: string;
    address: string;
    tweeter_link: string | null;
    facebook_link: string | null;
    insta_link: string | null;
    youtube_link: string | null;
  };
  pages: {
    slug: string; // privacy-policy, terms-conditions, refunds-cancellations, shipping-policy, legal-document
    title: string;
    description: string; // HTML (untrusted)
  };
  states: {
    id: Generated<number>;
    name: string;
    gst_code: string; // two-digit GST state code
  };
  cities: {
    id: Generated<number>;
    state_id: number;
    name: string;
  };
  branches: {
    id: Generated<number>;
    branch_name: string;
    address: string;
  };
  id_proofs: { id: Generated<number>; value: string };
  relations: { id: Generated<number>; value: string };
  members: {
    id: Generated<number>;
    sponsor_code: string; // the Sponsor ID members log in with, e.g. AH100001
    parent_id: number | null;
    side_id: number | null; // 1 Left, 2 Right
    first_name: string;
    middle_name: string;
    last_name: string;
    email: string;
    mobile_no: string;
    password_hash: string;
    status: number; // 1 active, 0 blocked
    kyc_status: number; // 3 approved
    crm_link: string;
    created_at: string;
  };
  tokens: {
    id: Generated<number>;
    member_id: number;
    token_hash: string;
    created_at: string;
    expires_at: string;
    revoked_at: string | null;
  };
  /** Single-use password reset links; only the sha256 of the token is kept. */
  password_resets: {
    id: Generated<number>;
    member_id: number;
    token_hash: string;
    created_at: string;
    expires_at: string;
    used_at: string | null;
  };
  guests: {
    id: string;
    created_at: string;
  };
  cart_lines: {
    id: Generated<number>;
    member_id: number | null;
    guest_id: string | null;
    product_id: number;
    type_id: number; // 1 cart, 2 wishlist
    quantity: number;
    created_at: string;
  };
  addresses: {
    id: Generated<number>;
    member_id: number;
    first_name: string;
    last_name: string;
    company_name: string;
    street_address_1: string;
    street_address_2: string;
    state_id: number;
    city_id: number;
    pincode: string;
    phone_no: string;
    email: string;
    created_at: string;
  };
  contact_messages: {
    id: Generated<number>;
    first_name: string;
    last_name: string;
    email: string;
    message: string;
    created_at: string;
  };
}
