/**
 * Site content of the demo brand: hero sliders, promotional banners, contact details, the five
 * policy pages, pickup branches, ID proof types and nominee relations.
 */

export interface SliderSeed {
  slug: string;
  title: string;
  shortDescription: string;
  headline: string;
  subline: string;
  hue: number;
}

export const SLIDERS: readonly SliderSeed[] = [
  {
    slug: "ayurveda-for-everyday-wellness",
    title: "Ayurveda for Everyday Wellness",
    shortDescription: "Over 60 herbal formulations made with authenticated herbs in our GMP-certified unit in Haridwar.",
    headline: "Ayurveda for Everyday Wellness",
    subline: "Pure herbs, classical recipes, modern quality checks.",
    hue: 95,
  },
  {
    slug: "winter-immunity-week",
    title: "Winter Immunity Week: Up to 15% Off",
    shortDescription: "Chyawanprash, giloy, tulsi and ashwagandha at special prices for the whole family.",
    headline: "Winter Immunity Week",
    subline: "Up to 15% off chyawanprash, giloy, tulsi and ashwagandha.",
    hue: 28,
  },
  {
    slug: "new-kumkumadi-face-serum",
    title: "New: Kumkumadi Tailam Face Serum",
    shortDescription: "The saffron beauty oil of Ayurveda, now in a lightweight serum for a natural glow.",
    headline: "Glow the Ayurvedic Way",
    subline: "Meet our new Kumkumadi Tailam Face Serum with pure saffron.",
    hue: 340,
  },
  {
    slug: "cold-pressed-health-juices",
    title: "Cold-Pressed Health Juices",
    shortDescription: "Aloe vera, amla, noni and sea buckthorn juices with no added sugar.",
    headline: "Start Your Day Green",
    subline: "Cold-pressed aloe vera, amla and wheatgrass juices, no added sugar.",
    hue: 125,
  },
];

export interface BannerSeed {
  slug: string;
  headline: string;
  subline: string;
  cta: string;
  hue: number;
}

export const BANNERS: readonly BannerSeed[] = [
  {
    slug: "free-delivery-above-499",
    headline: "Free delivery on orders above ₹499",
    subline: "Delivered across India in 5 to 7 working days.",
    cta: "Shop now",
    hue: 150,
  },
  {
    slug: "hair-care-range",
    headline: "Stronger hair, naturally",
    subline: "Bhringraj, amla and reetha: our complete hair care range.",
    cta: "Explore hair care",
    hue: 300,
  },
  {
    slug: "earn-bv-on-every-order",
    headline: "Earn BV on every order",
    subline: "Members add business volume with each purchase. Ask your sponsor.",
    cta: "Join today",
    hue: 215,
  },
];

export const CONTACT = {
  description:
    "Aarogya Herbals brings the wisdom of Ayurveda to every Indian home. Our herbal and wellness products are made in our GMP-certified facility in Haridwar and reach customers through a network of independent distributors across India.",
  emailId: "care@aarogyaherbals.in",
  mobileNo: "9876543210",
  address: "Aarogya Herbals Pvt. Ltd., Plot 42, Sector 6A, SIDCUL Industrial Area, Haridwar, Uttarakhand 249403",
  tweeterLink: "https://twitter.com/aarogyaherbals",
  facebookLink: "https://www.facebook.com/aarogyaherbals",
  instaLink: "https://www.instagram.com/aarogyaherbals",
  youtubeLink: null,
} as const;

export interface PageSeed {
  slug: string;
  title: string;
  description: string;
}

const COMPANY = "Aarogya Herbals Private Limited";
const SUPPORT = `<a href="mailto:care@aarogyaherbals.in">care@aarogyaherbals.in</a>`;

export const PAGES: readonly PageSeed[] = [
  {
    slug: "privacy-policy",
    title: "Privacy Policy",
    description: [
      `<h2>Privacy Policy</h2>`,
      `<p>This Privacy Policy explains how ${COMPANY} ("Aarogya Herbals", "we", "us") collects, uses and protects the personal information of customers and members who use our website. It is published in accordance with the Information Technology Act, 2000, the rules made under it and the Digital Personal Data Protection Act, 2023.</p>`,
      `<h3>Information we collect</h3>`,
      `<ul><li>Your name, e-mail address, mobile number and delivery addresses when you register, place an order or write to us.</li><li>For members, your Sponsor ID, KYC documents (such as Aadhaar, PAN and bank details) and nominee details, as required by the Consumer Protection (Direct Selling) Rules, 2021.</li><li>Order history, cart and wishlist contents, and reviews you publish.</li><li>Technical data such as browser type, device and pages visited, collected through cookies.</li></ul>`,
      `<h3>How we use it</h3>`,
      `<p>We use your information to process and deliver orders, calculate business volume and commissions for members, send order and account updates, answer your questions, prevent fraud and meet our legal obligations. We send promotional messages only when you have agreed to receive them, and you can opt out at any time.</p>`,
      `<h3>Sharing</h3>`,
      `<p>We never sell your personal information. We share it only with courier partners to deliver your order, with payment gateways to process payments, with your sponsor to the extent needed to support your business, and with government authorities when the law requires it.</p>`,
      `<h3>Security and retention</h3>`,
      `<p>Passwords are stored only in hashed form and all payments are processed by PCI-DSS compliant providers; we never store your card details. We keep your data for as long as your account is active and afterwards only as long as tax and direct-selling laws require.</p>`,
      `<h3>Your rights</h3>`,
      `<p>You may ask to see, correct or delete your personal data, or withdraw your consent, by writing to our Grievance Officer at ${SUPPORT}. We respond within 30 days.</p>`,
    ].join(""),
  },
  {
    slug: "terms-conditions",
    title: "Terms and Conditions",
    description: [
      `<h2>Terms and Conditions</h2>`,
      `<p>These terms govern your use of the Aarogya Herbals website and your purchases from ${COMPANY}, having its registered office at SIDCUL Industrial Area, Haridwar, Uttarakhand. By using the website you agree to these terms.</p>`,
      `<h3>Use of the website</h3>`,
      `<ul><li>You must be at least 18 years old to register as a member or to place an order.</li><li>You are responsible for keeping your Sponsor ID and password confidential.</li><li>You agree not to misuse the website, post false reviews or attempt to access other members' accounts.</li></ul>`,
      `<h3>Products and prices</h3>`,
      `<p>All prices are in Indian Rupees and include applicable GST unless stated otherwise. Product images are for illustration; packaging may vary. Our Ayurvedic and nutraceutical products are not intended to diagnose, treat, cure or prevent any disease. Please consult a qualified physician before use if you are pregnant, nursing or under medical treatment.</p>`,
      `<h3>Membership</h3>`,
      `<p>Membership is free and voluntary. No member is required to purchase any minimum quantity of products or to recruit others. Income depends solely on the sale of products to consumers and is never earned for enrolling members. Members must not make exaggerated income or health claims.</p>`,
      `<h3>Orders</h3>`,
      `<p>An order is confirmed once payment is received. We may cancel an order if a product is out of stock or a pricing error is discovered, in which case any amount paid is refunded in full.</p>`,
      `<h3>Governing law</h3>`,
      `<p>These terms are governed by the laws of India. Courts at Haridwar, Uttarakhand have exclusive jurisdiction. Questions may be sent to ${SUPPORT}.</p>`,
    ].join(""),
  },
  {
    slug: "refunds-cancellations",
    title: "Refunds and Cancellations",
    description: [
      `<h2>Refunds and Cancellations</h2>`,
      `<p>We want you to be completely satisfied with every Aarogya Herbals purchase. This policy explains how you can cancel an order or return a product.</p>`,
      `<h3>Cancellation</h3>`,
      `<ul><li>You can cancel an order free of charge before it is dispatched, from My Account or by writing to ${SUPPORT}.</li><li>Once an order has been dispatched it cannot be cancelled, but it may be returned as described below.</li></ul>`,
      `<h3>Returns</h3>`,
      `<p>You may return a product within <strong>30 days</strong> of delivery if it is unopened and in its original, saleable condition. Members may also return unsold, resaleable inventory bought within the last 30 days, as provided by the Consumer Protection (Direct Selling) Rules, 2021.</p>`,
      `<p>If a product arrives damaged, leaking, expired or different from what you ordered, please write to us within 48 hours of delivery with a photograph of the product and the invoice. We will arrange a free replacement or a full refund.</p>`,
      `<h3>Refunds</h3>`,
      `<ul><li>Refunds are processed within 7 working days after the returned product reaches our warehouse.</li><li>The amount is credited to the original payment method; bank processing may take a further 5 to 7 working days.</li><li>The business volume of a returned product is reversed from the member's account.</li></ul>`,
    ].join(""),
  },
  {
    slug: "shipping-policy",
    title: "Shipping Policy",
    description: [
      `<h2>Shipping Policy</h2>`,
      `<p>Aarogya Herbals ships to every serviceable PIN code in India through trusted courier partners. We do not ship outside India at present.</p>`,
      `<h3>Delivery time</h3>`,
      `<p>Orders are packed and dispatched within 1 to 2 working days. <strong>Delivery takes 5 to 7 working days within India</strong> from the date of dispatch. Deliveries to the North-East, Jammu and Kashmir, Ladakh, the Andaman and Nicobar Islands and Lakshadweep may take a few days longer.</p>`,
      `<h3>Shipping charges</h3>`,
      `<ul><li>Free delivery on orders above ₹499.</li><li>A flat charge of ₹60 applies to orders below ₹499.</li><li>Members can also collect orders free of charge from any of our pickup branches.</li></ul>`,
      `<h3>Tracking</h3>`,
      `<p>Once your order is dispatched you will receive an e-mail and SMS with the courier's tracking number. You can also follow the status of your order in My Account.</p>`,
      `<h3>Undelivered parcels</h3>`,
      `<p>If a parcel is returned to us because the address was incomplete or nobody was available after three attempts, we will contact you to arrange re-delivery. For any delivery question, write to ${SUPPORT}.</p>`,
    ].join(""),
  },
  {
    slug: "legal-document",
    title: "Legal Documents",
    description: [
      `<h2>Legal Documents</h2>`,
      `<p>${COMPANY} operates in full compliance with Indian law. Copies of the documents below are available for inspection at our registered office and on request from ${SUPPORT}.</p>`,
      `<h3>Company registration</h3>`,
      `<ul><li>Company name: ${COMPANY}</li><li>Corporate Identity Number (CIN): U24233UR2014PTC001482</li><li>Registered office: Plot 42, Sector 6A, SIDCUL Industrial Area, Haridwar, Uttarakhand 249403</li><li>PAN: AAKCA4821M</li></ul>`,
      `<h3>Tax registration</h3>`,
      `<ul><li>GSTIN: 05AAKCA4821M1Z3 (Uttarakhand)</li></ul>`,
      `<h3>Licences</h3>`,
      `<ul><li>FSSAI Central Licence No. 10020012000318 for food supplements, juices and herbal teas</li><li>Ayurvedic drug manufacturing licence No. UA/AYU-148/2015, issued by the State Licensing Authority (Ayurved and Unani), Uttarakhand</li><li>GMP certificate under Schedule T of the Drugs and Cosmetics Rules, 1945</li><li>Cosmetics manufacturing licence No. UK/COS/2016/207</li></ul>`,
      `<h3>Direct selling compliance</h3>`,
      `<p>Aarogya Herbals follows the Consumer Protection (Direct Selling) Rules, 2021 and the Direct Selling Guidelines issued by the Ministry of Consumer Affairs, Food and Public Distribution:</p>`,
      `<ul><li>No entry fee or minimum purchase is charged to join as a member.</li><li>Commissions are paid only on the sale of products, never for recruitment.</li><li>Every member signs a written agreement and completes KYC before receiving any commission.</li><li>A buy-back and refund policy for unsold products is offered to all members.</li><li>A grievance redressal committee resolves complaints within 45 days.</li></ul>`,
      `<h3>Grievance Officer</h3>`,
      `<p>Ms. Meenakshi Rawat, Grievance Officer, ${COMPANY}, Haridwar, Uttarakhand. E-mail: ${SUPPORT}. Available Monday to Saturday, 10 am to 6 pm.</p>`,
    ].join(""),
  },
];

export interface BranchSeed {
  branchName: string;
  address: string;
  /** the state's name as in places.ts: a Pickup Appointment here is taxed by it */
  stateName: string;
}

export const BRANCHES: readonly BranchSeed[] = [
  {
    branchName: "Haridwar Head Office",
    address: "Plot 42, Sector 6A, SIDCUL Industrial Area, Haridwar, Uttarakhand 249403",
    stateName: "Uttarakhand",
  },
  {
    branchName: "New Delhi - Karol Bagh",
    address: "14/2 Ajmal Khan Road, Karol Bagh, New Delhi, Delhi 110005",
    stateName: "Delhi",
  },
  {
    branchName: "Mumbai - Andheri",
    address: "Unit 108, Shree Krishna Commercial Centre, Andheri East, Mumbai, Maharashtra 400069",
    stateName: "Maharashtra",
  },
  {
    branchName: "Jaipur - Malviya Nagar",
    address: "C-27, Malviya Nagar, Jaipur, Rajasthan 302017",
    stateName: "Rajasthan",
  },
  {
    branchName: "Kolkata - Salt Lake",
    address: "DN-51, Sector V, Salt Lake City, Kolkata, West Bengal 700091",
    stateName: "West Bengal",
  },
  {
    branchName: "Bengaluru - Jayanagar",
    address: "No. 318, 9th Main Road, 4th Block, Jayanagar, Bengaluru, Karnataka 560011",
    stateName: "Karnataka",
  },
  {
    branchName: "Lucknow - Gomti Nagar",
    address: "2/115 Vibhuti Khand, Gomti Nagar, Lucknow, Uttar Pradesh 226010",
    stateName: "Uttar Pradesh",
  },
  {
    branchName: "Hyderabad - Ameerpet",
    address: "Flat 7, 6-3-1090 Raj Bhavan Road, Ameerpet, Hyderabad, Telangana 500082",
    stateName: "Telangana",
  },
];

/** Exactly these six, in this order. */
export const ID_PROOFS: readonly string[] = ["Aadhaar Card", "Voter ID Card", "Passport", "Driving Licence", "Ration Card", "Bank Passbook"];

export const RELATIONS: readonly string[] = ["Father", "Mother", "Spouse", "Son", "Daughter", "Brother", "Sister", "Other"];
