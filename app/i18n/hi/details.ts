/** My Account's Account Details tab (its form's sections are registration's: the `register` namespace). */
export const details: Readonly<Record<string, string>> = {
  "Account Details | My Account | Aarogya Herbals": "खाते का विवरण | मेरा खाता | आरोग्य हर्बल्स",
  "Account Details": "खाते का विवरण",
  "Your KYC is approved, so your personal, KYC and bank details and your documents are locked and shown as text. To change them, please":
    "आपका केवाईसी स्वीकृत है, इसलिए आपका निजी, केवाईसी और बैंक विवरण और आपके दस्तावेज़ लॉक हैं और सिर्फ़ पढ़ने के लिए दिखाए गए हैं। इन्हें बदलने के लिए कृपया अपनी स्पॉन्सर आईडी के साथ",
  "contact us": "हमसे संपर्क करें",
  "with your Sponsor ID.": "।",
  "Saving…": "सहेजा जा रहा है…",
  "Save changes": "बदलाव सहेजें",
  "Your documents": "आपके दस्तावेज़",
  "You have not uploaded a document yet.": "आपने अभी तक कोई दस्तावेज़ अपलोड नहीं किया है।",
  "({{name}}, opens in a new tab)": "({{name}}, नए टैब में खुलेगा)",
  "Cancel Cheque": "रद्द किया गया चेक",
};
