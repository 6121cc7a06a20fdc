export const cart: Readonly<Record<string, string>> = {
  "Your cart is empty.": "आपकी कार्ट ख़ाली है।",
  "Return to Shop": "शॉप पर लौटें",
  "Items in your cart": "आपकी कार्ट के आइटम",
  "Cart totals": "कार्ट का कुल योग",
  "Updating totals…": "कुल योग अपडेट हो रहा है…",
  "Proceed to checkout": "चेकआउट पर आगे बढ़ें",
  "Prices are before GST. Delivery in 5 to 7 working days, anywhere in India.": "कीमतें जीएसटी से पहले की हैं। भारत में कहीं भी 5 से 7 कार्य-दिवसों में डिलीवरी।",
  "The products in your Aarogya Herbals cart, with GST and BV totals.": "आपकी आरोग्य हर्बल्स कार्ट के उत्पाद, जीएसटी और बीवी के कुल योग के साथ।",
};
