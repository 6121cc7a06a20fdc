/** The layout (header, footer, skip link, errors) and the parts many pages share (product cards, prices). */
export const common: Readonly<Record<string, string>> = {
  "Aarogya Herbals — Ayurvedic and herbal wellness products": "आरोग्य हर्बल्स — आयुर्वेदिक और हर्बल स्वास्थ्य उत्पाद",
  "Ayurvedic and herbal wellness products, delivered across India in 5 to 7 working days.":
    "आयुर्वेदिक और हर्बल स्वास्थ्य उत्पाद, पूरे भारत में 5 से 7 कार्य-दिवसों में पहुँचाए जाते हैं।",
  "Skip to content": "मुख्य सामग्री पर जाएँ",
};
