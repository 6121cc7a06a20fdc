/** /wishlist. */
export const wishlist: Readonly<Record<string, string>> = {
  Wishlist: "विशलिस्ट",
  "The products you saved on your Aarogya Herbals wishlist.": "आपकी आरोग्य हर्बल्स विशलिस्ट में सहेजे गए उत्पाद।",
  "Adding {{title}} to the cart…": "{{title}} कार्ट में डाला जा रहा है…",
  "Add to Cart: {{title}}": "कार्ट में डालें: {{title}}",
  "Add to Cart": "कार्ट में डालें",
  "Remove {{title}} from wishlist": "{{title}} को विशलिस्ट से हटाएँ",
  "Your wishlist is empty.": "आपकी विशलिस्ट ख़ाली है।",
  "Return to Shop": "शॉप पर लौटें",
  "Products on your wishlist": "आपकी विशलिस्ट के उत्पाद",
};
