import { REGISTERED } from "../../../contract/registration";

/**
 * The upstream's mails in Hindi, keyed by their English texts (as the app's catalogue in
 * app/i18n/hi/ is): the welcome mail, the password reset, the grievance officer's acknowledgement
 * and replies, and the payment received mail. `{{…}}` are the values the mail fills in.
 */
export const mail: Readonly<Record<string, string>> = {
  // shared
  "Dear {{name}},": "प्रिय {{name}},",
  member: "सदस्य",
  "Aarogya Herbals": "आरोग्य हर्बल्स",

  // welcome (registration)
  "Welcome to Aarogya Herbals: your Sponsor ID is {{sponsorId}}": "आरोग्य हर्बल्स में आपका स्वागत है: आपकी स्पॉन्सर आईडी {{sponsorId}} है",
  "Welcome to Aarogya Herbals": "आरोग्य हर्बल्स में आपका स्वागत है",
  [REGISTERED]: "धन्यवाद। आपका खाता हमारे साथ सफलतापूर्वक रजिस्टर हो गया है।",
  "Your Sponsor ID is: {{sponsorId}}": "आपकी स्पॉन्सर आईडी है: {{sponsorId}}",
  "Your Sponsor ID is:": "आपकी स्पॉन्सर आईडी है:",
  "You log in with this Sponsor ID and the password you chose. Keep this e-mail.": "आप इसी स्पॉन्सर आईडी और अपने चुने हुए पासवर्ड से लॉग इन करेंगे। यह ई-मेल सँभालकर रखें।",
  "Log in here: {{link}}": "यहाँ लॉग इन करें: {{link}}",
  "Log in": "लॉग इन करें",

  // password reset
  "Reset your Aarogya Herbals password": "अपने आरोग्य हर्बल्स खाते का पासवर्ड रीसेट करें",
  "We received a request to reset the password of your Aarogya Herbals account.": "हमें आपके आरोग्य हर्बल्स खाते का पासवर्ड रीसेट करने का अनुरोध मिला है।",
  "Open this link to choose a new password:": "नया पासवर्ड चुनने के लिए यह लिंक खोलें:",
  "Reset password": "पासवर्ड रीसेट करें",
  "If the button does not work, copy this link into your browser:": "अगर बटन काम न करे, तो यह लिंक कॉपी करके अपने ब्राउज़र में खोलें:",
  "The link works once and expires in {{minutes}} minutes.": "यह लिंक सिर्फ़ एक बार काम करेगा और {{minutes}} मिनट बाद इसकी अवधि समाप्त हो जाएगी।",
  "If you did not ask for a new password, ignore this e-mail: your password stays as it is.":
    "अगर आपने नया पासवर्ड नहीं माँगा था, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।",

  // the grievance officer
  "Complaint {{ticket}} received": "शिकायत {{ticket}} मिल गई है",
  "We have received your complaint. Your ticket number is {{ticket}}.": "हमें आपकी शिकायत मिल गई है। आपका टिकट नंबर {{ticket}} है।",
  "Your complaint, as you sent it:": "आपकी शिकायत, जैसी आपने भेजी:",
  "This is our acknowledgement (we send it within {{hours}} hours, as the Consumer Protection (E-Commerce) Rules, 2020 require). The grievance officer will resolve your complaint within one month.":
    "यह हमारी पावती है (उपभोक्ता संरक्षण (ई-कॉमर्स) नियम, 2020 के अनुसार हम इसे {{hours}} घंटों के भीतर भेजते हैं)। शिकायत अधिकारी एक महीने के भीतर आपकी शिकायत का समाधान करेंगे।",
  "Follow it with your ticket number and this e-mail address at {{link}}": "अपने टिकट नंबर और इस ई-मेल पते से इसकी स्थिति यहाँ देखें: {{link}}",
  "Reply to your complaint {{ticket}}": "आपकी शिकायत {{ticket}} का जवाब",
  "Every reply is also at {{link}} (ticket {{ticket}} and your e-mail address).": "हर जवाब {{link}} पर भी देखा जा सकता है (टिकट {{ticket}} और आपके ई-मेल पते से)।",
  "Grievance Officer": "शिकायत अधिकारी",

  // payment received
  "Payment received for order {{invoice}}": "ऑर्डर {{invoice}} का भुगतान मिल गया",
  "Payment received": "भुगतान मिल गया",
  "We have received your payment of Rs. {{amount}} for order {{invoice}}.": "हमें ऑर्डर {{invoice}} के लिए आपका ₹{{amount}} का भुगतान मिल गया है।",
  "Payment reference: {{payment}}": "भुगतान संदर्भ: {{payment}}",
  "Your order: {{link}}": "आपका ऑर्डर: {{link}}",
  "View your order": "अपना ऑर्डर देखें",
};
