/** Contact, the policy pages' chrome, the sitemap page, the compare sample and the declaration of compliance. */
export const pages: Readonly<Record<string, string>> = {
  // policy pages (their titles and texts are the upstream's)
  "{{title}} of Aarogya Herbals.": "आरोग्य हर्बल्स की {{title}}।",
  "Refunds and Cancellations": "रिफ़ंड और रद्दीकरण",
  // sitemap
  "Every page of the Aarogya Herbals shop: product categories, your account, our policies and how to reach us.":
    "आरोग्य हर्बल्स शॉप का हर पेज: उत्पाद श्रेणियाँ, आपका खाता, हमारी नीतियाँ और हम तक पहुँचने के तरीक़े।",
  Pages: "पेज",
  "Product categories": "उत्पाद श्रेणियाँ",
  "About us": "हमारे बारे में",
  "Shop / Products": "शॉप / उत्पाद",
  "Log In": "लॉग इन",
  "Privacy policy": "गोपनीयता नीति",
  "Terms & Conditions": "नियम और शर्तें",
  "Refund & Cancellations": "रिफ़ंड और रद्दीकरण",
  "Shipping policy": "शिपिंग नीति",
  "Legal documents": "कानूनी दस्तावेज़",
  "Declaration of compliance": "अनुपालन घोषणा",
  // compare sample (/compare, /product_detail)
  "Compare products": "उत्पादों की तुलना",
  "A sample comparison of Aarogya Herbals products: price, BV, weight, key ingredients, GST and availability.":
    "आरोग्य हर्बल्स के उत्पादों की एक नमूना तुलना: कीमत, बीवी, वज़न, मुख्य सामग्री, जीएसटी और उपलब्धता।",
  Compare: "तुलना",
  "Product details: sample comparison": "उत्पाद विवरण: नमूना तुलना",
  "A sample side-by-side view of Aarogya Herbals products. Each product's own page has its current details.":
    "आरोग्य हर्बल्स के उत्पादों की आमने-सामने की एक नमूना झलक। हर उत्पाद के अपने पेज पर उसका मौजूदा विवरण है।",
  "Product details": "उत्पाद विवरण",
  "This is a sample comparison.": "यह एक नमूना तुलना है।",
  "The prices, BV and stock shown here are illustrative; each product's page in the": "यहाँ दिखाई गई कीमतें, बीवी और स्टॉक केवल उदाहरण हैं;",
  shop: "शॉप",
  "has its current price and availability.": "में हर उत्पाद के पेज पर उसकी मौजूदा कीमत और उपलब्धता दी गई है।",
  "Sample comparison of three Aarogya Herbals products": "आरोग्य हर्बल्स के तीन उत्पादों की नमूना तुलना",
  Pack: "पैक",
  "Price (before GST)": "कीमत (जीएसटी से पहले)",
  Weight: "वज़न",
  "Key ingredients": "मुख्य सामग्री",
  "Used for": "उपयोग",
  GST: "जीएसटी",
  "Stress, strength and stamina": "तनाव, ताक़त और सहनशक्ति",
  "Immunity and seasonal wellness": "इम्युनिटी और मौसमी स्वास्थ्य",
  "Respiratory comfort and daily immunity": "साँस की सहजता और रोज़ की इम्युनिटी",
  "Browse all products": "सभी उत्पाद देखें",
  // declaration of compliance
  "The seller's declaration that its direct selling business complies with the Consumer Protection (Direct Selling) Rules, 2021.":
    "विक्रेता की घोषणा कि उसका प्रत्यक्ष बिक्री व्यवसाय उपभोक्ता संरक्षण (प्रत्यक्ष बिक्री) नियम, 2021 का पालन करता है।",
  "{{name}} (CIN {{cin}}, GSTIN {{gstin}}), a company incorporated in India, declares that its direct selling business complies with the Consumer Protection (Direct Selling) Rules, 2021, and the Consumer Protection (E-Commerce) Rules, 2020. In particular:":
    "{{name}} (सीआईएन {{cin}}, जीएसटीआईएन {{gstin}}), भारत में निगमित एक कंपनी, घोषणा करती है कि उसका प्रत्यक्ष बिक्री व्यवसाय उपभोक्ता संरक्षण (प्रत्यक्ष बिक्री) नियम, 2021 और उपभोक्ता संरक्षण (ई-कॉमर्स) नियम, 2020 का पालन करता है। विशेष रूप से:",
  "it runs no pyramid scheme and no money circulation scheme, and nobody is paid for recruiting alone;":
    "वह कोई पिरामिड योजना या मनी सर्कुलेशन योजना नहीं चलाती, और किसी को केवल भर्ती करने के लिए भुगतान नहीं मिलता;",
  "no entry fee or subscription is charged to become a member, and a member may leave at any time;":
    "सदस्य बनने के लिए कोई प्रवेश शुल्क या सदस्यता शुल्क नहीं लिया जाता, और सदस्य कभी भी छोड़ सकता है;",
  "every buyer may cancel or return goods as the": "हर ख़रीदार",
  "refund and cancellation policy": "रिफ़ंड और रद्दीकरण नीति",
  "says, including within the cooling-off period, and a member's unsold, resaleable goods are bought back;":
    "के अनुसार, कूलिंग-ऑफ़ अवधि के भीतर भी, सामान रद्द या वापस कर सकता है, और सदस्य का बिना बिका, दोबारा बिकने लायक़ सामान वापस ख़रीदा जाता है;",
  "every price shown is the price charged, and goods are sold with the declarations their pack must carry;":
    "दिखाई गई हर कीमत वही है जो ली जाती है, और सामान उन घोषणाओं के साथ बेचा जाता है जो उसके पैक पर होनी चाहिए;",
  "every complaint gets a ticket, is acknowledged within 48 hours and is resolved within one month by the grievance officer below.":
    "हर शिकायत को एक टिकट मिलता है, 48 घंटों में उसकी पावती दी जाती है और नीचे दिए गए शिकायत अधिकारी एक महीने के भीतर उसका समाधान करते हैं।",
  "The declaring company": "घोषणा करने वाली कंपनी",
  "Complaints: our grievance officer": "शिकायतें: हमारे शिकायत अधिकारी",
};
