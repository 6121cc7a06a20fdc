import type { Generated } from "kysely";
import type { Lang } from "../../contract/languages";

/** Tables of the embedded upstream. Money is integer paise; flags are 0/1 integers. */
export interface Database {
  // 900_catalogue_changes: the surrogate keys (space-separated) of each catalogue change, for the shop's caches
  catalogue_changes: {
    id: Generated<number>;
    keys: string;
    created_at: string;
  };
  categories: {
    id: Generated<number>;
    slug: string;
    name: string;
    image: string; // path under DATA_DIR/files
    is_new: number;
    on_sale: number;
    position: number;
    name_hi: string | null; // 800_hindi_catalogue; null: shown in English on the Hindi pages
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
    // the pack's declarations (500_product_declarations); null: not given
    maker_role: "manufacturer" | "packer" | "importer" | null;
    maker_name: string | null;
    maker_address: string | null;
    country_of_origin: string | null;
    net_quantity: string | null;
    mrp_paise: number | null;
    best_before: string | null;
    consumer_care: string | null;
    // Hindi texts (800_hindi_catalogue); null: the Hindi pages show the English ones
    title_hi: string | null;
    short_description_hi: string | null;
    long_description_hi: string | null; // HTML (untrusted)
  };
  // product search (801_product_search): a product's phonetic search terms and the texts they were made from
  product_search_terms: {
    product_id: number;
    term: string;
    kind: number; // TERM_KIND of upstream/domain/search.ts
    padded?: string; // SQLite's FTS5 table only: " term ", the column its trigram index covers
  };
  product_search_sources: {
    product_id: number;
    source: string;
    name_key: string;
    name_hi_key: string;
  };
  complaints: {
    id: Generated<number>;
    ticket: string; // GRV-XXXXXXXX (contract/grievance.ts)
    member_id: number | null;
    order_id: number | null;
    order_ref: Generated<string>;
    name: string;
    email: string; // lower-cased
    mobile: string;
    complaint: string; // text as sent, escaped wherever shown
    status: Generated<"open" | "answered" | "closed">;
    acknowledged_at: string | null; // when the acknowledgement mail went out
    lang: Generated<Lang>; // the language of its mails (the page it was filed on)
    created_at: string;
    closed_at: string | null;
  };
  complaint_replies: {
    id: Generated<number>;
    complaint_id: number;
    message: string;
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
    state_id: number | null; // the place of supply of a Pickup Appointment here
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
    /** Who recruited the member (parent_id / side_id is where they sit). Null for the root. */
    sponsor_id: number | null;
    phone_no: Generated<string>;
    date_of_birth: string | null; // YYYY-MM-DD
    gender: number | null; // 1 Female, 2 Male
    state_id: number | null;
    city_id: number | null;
    pincode: Generated<string>;
    address: Generated<string>;
  };
  /** The genealogy's counters (migration 700, decision 0025), one row per member, kept by services/genealogy.ts. */
  member_legs: {
    member_id: number;
    depth: number; // steps from the root (0)
    /** the ancestor at the multiple of 64 levels just above (migration 920, domain/genealogy.ts anchorBelow); null for a root */
    anchor_id: number | null;
    left_team: number;
    right_team: number;
    left_bv: number | string; // hundredths of a BV point, all time (bigint: PostgreSQL answers a string)
    right_bv: number | string;
  };
  /** Placements whose ancestors' team sizes are not counted yet (migration 901, services/genealogy.ts). */
  placements_to_count: {
    member_id: number;
  };
  /** BV of each leg per calendar month in India ("2026-11"), a row only for months with any. */
  member_leg_volumes: {
    member_id: number;
    month: string;
    left_bv: number | string;
    right_bv: number | string;
  };
  member_nominees: {
    member_id: number;
    nominee_name: string;
    nominee_age: number;
    relation_id: number;
    updated_at: string;
  };
  member_kyc: {
    member_id: number;
    pan: string;
    gst_no: string | null;
    id_proof_id: number;
    updated_at: string;
  };
  member_bank_accounts: {
    member_id: number;
    bank_name: string;
    account_type: number; // 1 Saving, 2 Current
    account_holder_name: string;
    bank_account_number: string;
    branch_name_and_address: string;
    bank_ifsc_no: string;
    branch_city: string;
    updated_at: string;
  };
  /** Uploaded KYC documents; the files are DATA_DIR/documents/{stored_name}, served only to their owner. */
  member_documents: {
    id: Generated<number>;
    member_id: number;
    proof_type_id: number; // DOCUMENT_PROOF_TYPE
    stored_name: string; // random, with the detected type's extension
    original_name: string; // as the member's file was called (shown back, never used as a path)
    detected_type: string; // from the first bytes: image/jpeg, image/png, image/bmp, application/pdf
    size_bytes: number;
    created_at: string;
  };
  /** Each request for a KYC document (migration 400): append-only, kept at least a year. */
  document_access_log: {
    id: Generated<number>;
    member_id: number; // who asked
    document_id: number; // which document they asked for
    owner_member_id: number | null; // whose it is (null: no such document)
    outcome: "served" | "refused";
    accessed_at: string;
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
  /** Orders in integer paise, with snapshots of what was bought and where it went. */
  orders: {
    id: Generated<number>;
    member_id: number;
    idempotency_key: string; // unique per member: a repeated submit answers the same order
    invoice_number: string; // e.g. AH/25-26/000123, consecutive per financial year
    order_date: string; // ISO 8601
    status: number; // ORDER_STATUS: 1 Pending, 2 Cancelled, 3 Refund, 4 Completed
    payment_method_id: number; // PAYMENT_METHOD
    branch_id: number | null;
    branch_json: string | null; // the branch as it was (BranchSnapshot)
    billing_address_json: string; // the billing address as it was (AddressSnapshot)
    ship_to_different_address: number;
    shipping_address_json: string | null;
    place_state_id: number; // the place of supply
    place_state_name: string;
    place_gst_code: string;
    inter_state: number; // 1: IGST, 0: CGST + SGST
    sub_total_paise: number; // goods before GST
    shipping_paise: number;
    shipping_gst_percent: number;
    shipping_tax_paise: number; // inside igst / cgst / sgst
    igst_paise: number;
    cgst_paise: number;
    sgst_paise: number;
    total_paise: number;
    bv_hundredths: number;
    created_at: string;
    paid_status: Generated<number>; // PAID_STATUS; 0 → 1 once, by one conditional UPDATE
    paid_payment_id: string | null; // the provider's payment that paid it (UNIQUE)
    paid_at: string | null;
    gateway_order_id: string | null; // the gateway order made for it (UNIQUE), reused while the amount is unchanged
    gateway_amount_paise: number | null; // the amount that gateway order was made for
    lang: Generated<Lang>; // the language of its payment mail: the page it was placed on, then the payment page last opened
  };
  order_lines: {
    id: Generated<number>;
    order_id: number;
    product_id: number;
    title: string;
    slug: string;
    hsn_no: string;
    gst_percent: number;
    unit_paise: number; // before GST
    quantity: number;
    bv_hundredths: number; // per unit
    sub_total_paise: number;
    igst_paise: number;
    cgst_paise: number;
    sgst_paise: number;
    total_paise: number; // sub-total + its tax
  };
  payments: {
    id: Generated<number>;
    order_id: number;
    payment_method_id: number;
    amount_paise: number;
    paid_status: number; // PAID_STATUS
    payment_id: string; // the provider's; "" for a Pickup Appointment
    branch_id: number | null;
    branch_name: string;
    created_at: string;
  };
  /** Failed or cancelled payment attempts (the provider's error), newest last. */
  payment_attempts: {
    id: Generated<number>;
    order_id: number;
    gateway_order_id: string;
    payment_id: Generated<string>;
    via: string; // checkout | callback | webhook | reconciler
    code: Generated<string>;
    description: Generated<string>;
    reason: Generated<string>;
    created_at: string;
  };
  /** Money that arrived for an order that could not take it (cancelled, or paid already): refund needed. */
  late_payments: {
    id: Generated<number>;
    order_id: number;
    payment_id: string; // UNIQUE
    amount_paise: number;
    reason: string; // cancelled | paid-by-another-payment | not-pending
    refund_needed: Generated<number>;
    created_at: string;
  };
  /** Webhook deliveries seen, by X-Razorpay-Event-Id: a duplicate does nothing. */
  webhook_events: {
    event_id: string;
    event: string;
    received_at: string;
  };
  /** The offline test gateway's side (what Razorpay keeps on its own). */
  test_gateway_orders: {
    id: string;
    amount_paise: number;
    currency: string;
    receipt: string;
    created_at: string;
  };
  test_gateway_payments: {
    id: string;
    order_id: string;
    amount_paise: number;
    currency: string;
    status: string; // created | captured | failed
    error_code: string | null;
    error_description: string | null;
    callback_url: Generated<string>;
    created_at: string;
  };
  /** The last invoice number used in each financial year ("25-26"). */
  invoice_counters: {
    financial_year: string;
    last_number: number;
  };
  /** Rate-limit counters of every upstream process, one row per limiter and key (http/rate-limit.ts). */
  rate_limit_hits: {
    key: string;
    hits: number;
    /** ms since the epoch (bigint: PostgreSQL's driver may answer a string) */
    reset_at: number | string;
  };
  /** Jobs that run once across processes: who holds each, until when (services/leases.ts). */
  leases: {
    name: string;
    holder: string;
    expires_at: number | string;
  };
}
