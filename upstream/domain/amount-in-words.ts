const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 1–99 in words. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  const tens = TENS[Math.floor(n / 10)];
  return n % 10 === 0 ? tens : `${tens} ${ONES[n % 10]}`;
}

/** 1–999 in words. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * A positive whole number in words in the Indian system: groups of crore (10^7), lakh (10^5),
 * thousand and hundred. Above 99 crore the crore count is itself read the Indian way
 * ("One Lakh Crore"), as Indian accounts do.
 */
function indianWords(n: number): string {
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crores > 0) parts.push(`${indianWords(crores)} Crore`);
  const lakhs = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  const thousands = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/**
 * An amount of money in words for an invoice, from integer paise: "Rupees Twelve Crore Thirty Four
 * Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Five Paise Only". No floating point
 * arithmetic is involved beyond integer division, so the words are exact for any safe integer.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`amountInWords: expected a non-negative whole number of paise, got ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rupees === 0 && rest > 0) return `${belowHundred(rest)} Paise Only`;
  const rupeeWords = rupees === 0 ? "Zero" : indianWords(rupees);
  return rest > 0 ? `Rupees ${rupeeWords} and ${belowHundred(rest)} Paise Only` : `Rupees ${rupeeWords} Only`;
}
