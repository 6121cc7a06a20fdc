/** The shop's listings: /shop and /product-category/{slug} (filters, sort, pager, empty state, their titles). */
export const listing: Readonly<Record<string, string>> = {
  Products: "उत्पाद",
  "Category: {{name}}": "श्रेणी: {{name}}",
  "Search results for “{{q}}”": "“{{q}}” के खोज परिणाम",
  "Clear search": "खोज हटाएँ",
  "Showing {{count}} Results": "{{count}} परिणाम दिखाए जा रहे हैं",
  "Filter products": "उत्पाद छाँटें",
  Category: "श्रेणी",
  "All categories": "सभी श्रेणियाँ",
  "Price up to": "अधिकतम कीमत",
  "Sort by": "क्रम",
  Filter: "फ़िल्टर",
  "Price: Low to High": "कीमत: कम से ज़्यादा",
  "Price: High to Low": "कीमत: ज़्यादा से कम",
  Apply: "लागू करें",
  Pages: "पेज",
  "All Products, page {{page}}": "सभी उत्पाद, पेज {{page}}",
  "{{name}}, page {{page}}": "{{name}}, पेज {{page}}",
  "Browse every Aarogya Herbals product: Ayurvedic immunity boosters, digestive care, hair and skin care, herbal teas, juices and supplements.":
    "आरोग्य हर्बल्स के सभी उत्पाद देखें: आयुर्वेदिक इम्युनिटी बूस्टर, पाचन देखभाल, बालों और त्वचा की देखभाल, हर्बल चाय, जूस और सप्लीमेंट।",
  "{{name}} from Aarogya Herbals: Ayurvedic and herbal products, delivered across India in 5 to 7 working days.":
    "आरोग्य हर्बल्स के {{name}}: आयुर्वेदिक और हर्बल उत्पाद, पूरे भारत में 5 से 7 कार्य-दिवसों में पहुँचाए जाते हैं।",
};
