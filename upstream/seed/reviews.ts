import { hashString } from "./images.js";
import type { ProductSeed } from "./catalogue.js";

/**
 * Deterministic demo reviews: about forty products get one to six reviews each, from a pool of
 * customers and comments written per category. The same catalogue always yields the same reviews.
 */

export interface ReviewSeed {
  fullName: string;
  email: string;
  star: number;
  feedback: string;
  createdAt: string;
}

/** Small, fast, seedable PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CUSTOMERS: readonly [string, string][] = [
  ["Priya Sharma", "priya.s@example.com"],
  ["Rahul Mehta", "rahul.m@example.com"],
  ["Sunita Reddy", "sunita.r@example.com"],
  ["Amit Kulkarni", "amit.k@example.com"],
  ["Kavita Nair", "kavita.n@example.com"],
  ["Rajesh Gupta", "rajesh.g@example.com"],
  ["Deepa Iyer", "deepa.i@example.com"],
  ["Vikram Singh", "vikram.s@example.com"],
  ["Meena Joshi", "meena.j@example.com"],
  ["Arjun Pillai", "arjun.p@example.com"],
  ["Neha Agarwal", "neha.a@example.com"],
  ["Sanjay Chauhan", "sanjay.c@example.com"],
  ["Lakshmi Venkatesh", "lakshmi.v@example.com"],
  ["Harpreet Kaur", "harpreet.k@example.com"],
  ["Manoj Tiwari", "manoj.t@example.com"],
  ["Pooja Deshpande", "pooja.d@example.com"],
  ["Abdul Rahman", "abdul.r@example.com"],
  ["Geeta Bhatt", "geeta.b@example.com"],
  ["Sandeep Yadav", "sandeep.y@example.com"],
  ["Ananya Banerjee", "ananya.b@example.com"],
  ["Farhan Qureshi", "farhan.q@example.com"],
  ["Rekha Menon", "rekha.m@example.com"],
  ["Nitin Saxena", "nitin.s@example.com"],
  ["Shalini Mishra", "shalini.m@example.com"],
  ["Gurpreet Sandhu", "gurpreet.s@example.com"],
  ["Divya Rao", "divya.r@example.com"],
  ["Karthik Subramanian", "karthik.s@example.com"],
  ["Swati Patil", "swati.p@example.com"],
  ["Joseph D'Souza", "joseph.d@example.com"],
  ["Bhavna Shah", "bhavna.s@example.com"],
  ["Rohit Malhotra", "rohit.m@example.com"],
  ["Anjali Dubey", "anjali.d@example.com"],
  ["Suresh Babu", "suresh.b@example.com"],
  ["Ritu Arora", "ritu.a@example.com"],
  ["Imran Sheikh", "imran.s@example.com"],
  ["Madhuri Ghosh", "madhuri.g@example.com"],
  ["Tarun Bose", "tarun.b@example.com"],
  ["Nandini Hegde", "nandini.h@example.com"],
  ["Prakash Jain", "prakash.j@example.com"],
  ["Usha Krishnan", "usha.k@example.com"],
];

const GENERAL_GOOD = [
  "Genuine product and very well packed. Delivered in five days to Pune.",
  "Good quality, just as described. Will order again.",
  "I have been using Aarogya products for two years now and this one is also excellent.",
  "Value for money, and the BV helps my team too.",
  "My upline recommended this and I am happy with it. Fast delivery.",
  "Nice product. Ordered for my parents and they liked it a lot.",
  "Quality is consistent every time I reorder. Recommended.",
  "Very happy with the results after a month of regular use.",
];

const GENERAL_MIXED = [
  "Product is good but delivery took nine days to my town.",
  "Decent, though I expected a little more for the price.",
  "Okay product. Packaging could be better, the outer box was slightly damaged.",
];

const GENERAL_BAD = [
  "Did not suit me. Customer care was polite and helped with the return.",
  "Received a different variant the first time. It was replaced, but it took a while.",
];

const BY_CATEGORY: Record<string, readonly string[]> = {
  "immunity-boosters": [
    "Fewer colds in the family this winter since we started this.",
    "I feel more energetic and sleep better. Taking it with warm milk at night.",
    "Good for the seasonal change. My whole family takes it.",
  ],
  "digestive-care": [
    "Acidity is much better after two weeks. Works gently.",
    "Helps with bloating after dinner. Taste is fine.",
    "Very effective and gentle, no cramps at all.",
  ],
  "hair-care": [
    "Hair fall has reduced noticeably after six weeks.",
    "Leaves my hair soft and the fragrance is pleasant, not too strong.",
    "Works well on my oily scalp. Dandruff is almost gone.",
  ],
  "skin-care": [
    "My skin looks brighter and the texture is light. Good for Mumbai humidity.",
    "Suits my sensitive skin, no breakouts so far.",
    "Lovely natural fragrance and absorbs quickly.",
  ],
  "personal-care": [
    "The whole family uses it now. Lasts long.",
    "Fresh feeling all day, even in the Chennai heat.",
    "Mild and effective. My kids like it too.",
  ],
  "health-juices": [
    "Taking 30 ml every morning. Digestion and energy are better.",
    "Taste is strong but you get used to it. Good quality juice.",
    "No added sugar, which is what I was looking for.",
  ],
  "herbal-teas": [
    "Beautiful aroma and very soothing in the evening.",
    "My morning cup now. Fresh and flavourful.",
    "Helps me relax before bed. Nice packaging too.",
  ],
  "nutrition-supplements": [
    "Mixes easily and tastes good. My energy levels are better.",
    "Good supplement. Noticed a difference within a month.",
    "My children drink it happily with milk every morning.",
  ],
  "ayurvedic-oils": [
    "Gives relief to my mother's knee pain. She uses it every night.",
    "Lovely for the weekly head massage, feels very calming.",
    "Warm, soothing and not sticky. Very good oil.",
  ],
};

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}

function starFor(random: () => number): number {
  const r = random();
  if (r < 0.55) return 5;
  if (r < 0.82) return 4;
  if (r < 0.92) return 3;
  if (r < 0.97) return 2;
  return 1;
}

/** Whether the product at this catalogue index gets reviews (about 60% of products). */
export function hasReviews(index: number): boolean {
  return [0, 1, 3].includes(index % 5);
}

const LATEST_REVIEW = Date.parse("2026-11-20T18:00:00.000Z");

/** The reviews for one product, or [] for products left without reviews. */
export function reviewsFor(product: ProductSeed, index: number): ReviewSeed[] {
  if (!hasReviews(index)) return [];
  const random = prng(hashString(`reviews:${product.slug}`));
  const count = 1 + Math.floor(random() * 6);
  const start = Math.floor(random() * CUSTOMERS.length);
  const listed = Date.parse(`${product.created}T10:00:00.000Z`);
  const reviews: ReviewSeed[] = [];
  for (let n = 0; n < count; n++) {
    const [fullName, email] = CUSTOMERS[(start + n * 7) % CUSTOMERS.length];
    const star = starFor(random);
    const pool =
      star >= 4
        ? [...GENERAL_GOOD, ...(BY_CATEGORY[product.category] ?? []), ...(BY_CATEGORY[product.category] ?? [])]
        : star === 3
          ? GENERAL_MIXED
          : GENERAL_BAD;
    const daysAfter = 3 + Math.floor(random() * 50) + n * 4;
    const minutes = Math.floor(random() * 24 * 60);
    const at = Math.min(listed + daysAfter * 86_400_000 + minutes * 60_000, LATEST_REVIEW - n * 3_600_000);
    reviews.push({ fullName, email, star, feedback: pick(pool, random), createdAt: new Date(at).toISOString() });
  }
  return reviews;
}
