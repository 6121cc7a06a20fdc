export const home: Readonly<Record<string, string>> = {
  "{{title}}: products": "{{title}}: उत्पाद",
  "On sale": "सेल में",
  New: "नया",
  "Aarogya Herbals: Ayurvedic and herbal wellness": "आरोग्य हर्बल्स: आयुर्वेदिक और हर्बल स्वास्थ्य",
  Featured: "ख़ास",
  "BUY NOW": "अभी ख़रीदें",
  "Follow us": "हमें फ़ॉलो करें",
  "Shop by Category": "श्रेणी के अनुसार ख़रीदें",
  Categories: "श्रेणियाँ",
  Offers: "ऑफ़र",
  "Offer {{number}}: shop now": "ऑफ़र {{number}}: अभी ख़रीदें",
  "Recommended for You": "आपके लिए सुझाए गए",
  "New Arrivals": "नए उत्पाद",
  "Aarogya Herbals — Ayurvedic and herbal wellness products": "आरोग्य हर्बल्स — आयुर्वेदिक और हर्बल स्वास्थ्य उत्पाद",
  "Shop Ayurvedic immunity boosters, digestive care, hair and skin care, herbal teas and juices from Aarogya Herbals. Delivery across India in 5 to 7 working days.":
    "आरोग्य हर्बल्स से आयुर्वेदिक इम्युनिटी बूस्टर, पाचन देखभाल, बालों और त्वचा की देखभाल, हर्बल चाय और जूस ख़रीदें। पूरे भारत में 5 से 7 कार्य-दिवसों में डिलीवरी।",
};
