/** /about: the brand's story (the page's own texts, not the upstream's). */
export const about: Readonly<Record<string, string>> = {
  "About us": "हमारे बारे में",
  "Aarogya Herbals makes Ayurvedic and herbal wellness products from authenticated herbs in its GMP-certified unit in Haridwar, Uttarakhand. Our story, our ingredients and what we stand for.":
    "आरोग्य हर्बल्स हरिद्वार, उत्तराखंड की अपनी जीएमपी-प्रमाणित इकाई में प्रमाणित जड़ी-बूटियों से आयुर्वेदिक और हर्बल स्वास्थ्य उत्पाद बनाता है। हमारी कहानी, हमारी सामग्री और हमारे मूल्य।",
  "About Aarogya Herbals": "आरोग्य हर्बल्स के बारे में",
  "Aarogya Herbals brings the time-tested wisdom of Ayurveda to everyday Indian homes. From our unit in Haridwar, at the foothills of the Himalayas, we make more than 60 herbal formulations — immunity boosters, digestive care, hair and skin care, herbal teas and juices — and share them through a community of independent members across India.":
    "आरोग्य हर्बल्स आयुर्वेद के समय-परखे ज्ञान को हर भारतीय घर तक पहुँचाता है। हिमालय की तलहटी में हरिद्वार की अपनी इकाई में हम 60 से ज़्यादा हर्बल फ़ॉर्मूलेशन बनाते हैं — इम्युनिटी बूस्टर, पाचन देखभाल, बालों और त्वचा की देखभाल, हर्बल चाय और जूस — और उन्हें पूरे भारत में स्वतंत्र सदस्यों के समुदाय के ज़रिए लोगों तक पहुँचाते हैं।",
  "Why People Trust": "लोग हम पर भरोसा क्यों करते हैं",
  "Herbs we can name and trace": "जड़ी-बूटियाँ जिनका नाम और स्रोत हम बता सकते हैं",
  "Every lot of raw herb is identified by our botanists before it enters the plant, and we record the farm, forest co-operative or mandi it came from. If a herb cannot be traced, it is not used.":
    "कच्ची जड़ी-बूटी का हर लॉट प्लांट में आने से पहले हमारे वनस्पति-विज्ञानी पहचानते हैं, और हम दर्ज करते हैं कि वह किस खेत, वन सहकारी समिति या मंडी से आया। जिस जड़ी-बूटी का स्रोत पता न चले, उसका उपयोग नहीं होता।",
  "Made in a GMP-certified unit": "जीएमपी-प्रमाणित इकाई में बना",
  "All our formulations are produced in our own facility in Haridwar, certified for Good Manufacturing Practices under Schedule T of the Drugs and Cosmetics Rules, and licensed by the Uttarakhand State Licensing Authority.":
    "हमारे सभी फ़ॉर्मूलेशन हरिद्वार में हमारी अपनी इकाई में बनते हैं, जो औषधि और प्रसाधन सामग्री नियमों की अनुसूची T के तहत गुड मैन्युफ़ैक्चरिंग प्रैक्टिस के लिए प्रमाणित है और उत्तराखंड राज्य लाइसेंसिंग प्राधिकरण से लाइसेंस-प्राप्त है।",
  "Tested batch by batch": "हर बैच की जाँच",
  "Our in-house quality laboratory checks every batch for identity, strength, heavy metals and microbial limits before release, and keeps a retained sample of each batch for its full shelf life.":
    "हमारी अपनी गुणवत्ता प्रयोगशाला हर बैच को जारी करने से पहले उसकी पहचान, क्षमता, भारी धातुओं और सूक्ष्मजीवों की सीमा की जाँच करती है, और हर बैच का एक नमूना उसकी पूरी शेल्फ़ लाइफ़ तक सुरक्षित रखती है।",
  "Honest labels, fair prices": "ईमानदार लेबल, उचित कीमतें",
  "The full ingredient list and quantities are printed on every pack, we make no miracle claims, and prices are the same whether you buy from the website or from one of our members.":
    "हर पैक पर सामग्री की पूरी सूची और मात्रा छपी होती है, हम कोई चमत्कारी दावा नहीं करते, और कीमत वही रहती है चाहे आप वेबसाइट से ख़रीदें या हमारे किसी सदस्य से।",
  "What Our Products Are Made From": "हमारे उत्पाद किससे बनते हैं",
  "Whole Himalayan herbs": "साबुत हिमालयी जड़ी-बूटियाँ",
  "Giloy, tulsi, brahmi, ashwagandha, shatavari and many more, harvested in season from the Himalayan foothills and the herb belts of central India, then shade-dried to keep their colour and aroma.":
    "गिलोय, तुलसी, ब्राह्मी, अश्वगंधा, शतावरी और कई अन्य, जो हिमालय की तलहटी और मध्य भारत के जड़ी-बूटी क्षेत्रों से मौसम में तोड़ी जाती हैं और फिर रंग और सुगंध बनाए रखने के लिए छाँव में सुखाई जाती हैं।",
  "Standardised herbal extracts": "मानकीकृत हर्बल एक्सट्रैक्ट",
  "Where a formula needs a dependable strength, we use extracts standardised to their key constituents, such as withanolides in ashwagandha or curcuminoids in turmeric, made in our own extraction block.":
    "जहाँ किसी फ़ॉर्मूले को भरोसेमंद क्षमता चाहिए, वहाँ हम अपने मुख्य घटकों पर मानकीकृत एक्सट्रैक्ट इस्तेमाल करते हैं, जैसे अश्वगंधा में विथानोलाइड या हल्दी में करक्यूमिनॉइड, जो हमारे अपने एक्सट्रैक्शन ब्लॉक में बनते हैं।",
  "Fresh juices and pure oils": "ताज़े जूस और शुद्ध तेल",
  "Aloe vera, amla and noni are pressed within hours of arrival, and our hair and body oils start from cold-pressed sesame, coconut and mustard oils, cooked with herbs by the classical taila paka method.":
    "एलोवेरा, आँवला और नोनी आने के कुछ ही घंटों में निचोड़े जाते हैं, और हमारे बालों और शरीर के तेल कोल्ड-प्रेस्ड तिल, नारियल और सरसों के तेल से बनते हैं, जिन्हें शास्त्रीय तैल पाक विधि से जड़ी-बूटियों के साथ पकाया जाता है।",
  "Classical bases, nothing artificial": "शास्त्रीय आधार, कुछ भी कृत्रिम नहीं",
  "Honey, jaggery, cow ghee and rock salt carry our formulations as the Ayurvedic texts describe. We add no artificial colours, no synthetic fragrances and no added sugar to our juices.":
    "आयुर्वेदिक ग्रंथों के अनुसार शहद, गुड़, गाय का घी और सेंधा नमक हमारे फ़ॉर्मूलेशन का आधार हैं। हम कोई कृत्रिम रंग, कोई सिंथेटिक सुगंध नहीं मिलाते, और अपने जूस में अलग से चीनी नहीं डालते।",
  "What We Stand For": "हमारे मूल्य",
  "Our vision": "हमारी दृष्टि",
  "A healthier India, where every family can turn to safe, authentic Ayurveda as a natural part of daily life.":
    "एक स्वस्थ भारत, जहाँ हर परिवार सुरक्षित, प्रामाणिक आयुर्वेद को रोज़मर्रा के जीवन का स्वाभाविक हिस्सा बना सके।",
  "Our mission": "हमारा मिशन",
  "To make effective herbal products to a pharmaceutical standard, price them fairly, and give our members an honest livelihood built on products people come back for, never on recruitment.":
    "फ़ार्मास्यूटिकल मानक पर असरदार हर्बल उत्पाद बनाना, उनकी उचित कीमत रखना, और अपने सदस्यों को ऐसे उत्पादों पर टिकी ईमानदार आजीविका देना जिन्हें लोग दोबारा ख़रीदते हैं — भर्ती पर कभी नहीं।",
  "Our values": "हमारे मूल्य-सिद्धांत",
  "Purity in what goes into every pack; honesty in what we say about it; respect for the farmers and forest collectors who grow and gather our herbs; and care for the rivers and forests of the Himalaya that we depend on.":
    "हर पैक में जाने वाली चीज़ में शुद्धता; उसके बारे में हमारी बातों में ईमानदारी; हमारी जड़ी-बूटियाँ उगाने और इकट्ठा करने वाले किसानों और वन-संग्राहकों का सम्मान; और हिमालय की उन नदियों और जंगलों की देखभाल जिन पर हम निर्भर हैं।",
  "Our extraction technology": "हमारी एक्सट्रैक्शन तकनीक",
  "Herbs are extracted at low temperature under vacuum, in water or water and alcohol as the classical method prescribes, so heat-sensitive constituents are not lost. The extract is concentrated and spray-dried in a closed system, then tested for its marker compounds, which gives every batch the same strength, season after season.":
    "जड़ी-बूटियों का एक्सट्रैक्शन कम तापमान पर वैक्यूम में, शास्त्रीय विधि के अनुसार पानी या पानी और अल्कोहल में किया जाता है, ताकि गर्मी से प्रभावित होने वाले घटक नष्ट न हों। एक्सट्रैक्ट को एक बंद प्रणाली में गाढ़ा और स्प्रे-ड्राई किया जाता है, फिर उसके मार्कर यौगिकों की जाँच होती है, जिससे हर बैच की क्षमता हर मौसम में एक-सी रहती है।",
  "Our Infrastructure": "हमारा बुनियादी ढाँचा",
  "Aarogya Herbals began in 2014 in a small workshop in Haridwar, where a family of vaidyas prepared churnas and oils for their patients. As more people asked for the same remedies, we moved to a purpose-built, GMP-certified unit in the SIDCUL Industrial Area of Haridwar, Uttarakhand.":
    "आरोग्य हर्बल्स की शुरुआत 2014 में हरिद्वार की एक छोटी कार्यशाला में हुई, जहाँ वैद्यों का एक परिवार अपने रोगियों के लिए चूर्ण और तेल बनाता था। जब और लोग वही औषधियाँ माँगने लगे, तो हम हरिद्वार, उत्तराखंड के सिडकुल औद्योगिक क्षेत्र में इसी काम के लिए बनी एक जीएमपी-प्रमाणित इकाई में आ गए।",
  "Today the unit has separate areas for receiving and identifying raw herbs, for cleaning, drying and grinding, an extraction block, and production lines for tablets, capsules, churnas, syrups, juices, oils and creams. Air handling keeps each area clean and at the right humidity, and water for production is purified on site.":
    "आज इकाई में कच्ची जड़ी-बूटियों को लेने और पहचानने, साफ़ करने, सुखाने और पीसने के अलग-अलग क्षेत्र हैं, एक एक्सट्रैक्शन ब्लॉक है, और टैबलेट, कैप्सूल, चूर्ण, सिरप, जूस, तेल और क्रीम की उत्पादन लाइनें हैं। एयर हैंडलिंग हर क्षेत्र को साफ़ और सही नमी पर रखती है, और उत्पादन का पानी वहीं शुद्ध किया जाता है।",
  "Our quality laboratory, with HPTLC and microbiology sections, tests raw materials, work in progress and finished goods. Nothing leaves the plant without a signed release from the quality team — which is why a pack you buy in Guwahati is the same as one bought in Pune.":
    "एचपीटीएलसी और सूक्ष्मजीव-विज्ञान विभागों वाली हमारी गुणवत्ता प्रयोगशाला कच्चे माल, बन रहे माल और तैयार माल की जाँच करती है। गुणवत्ता टीम की हस्ताक्षरित मंज़ूरी के बिना कुछ भी प्लांट से बाहर नहीं जाता — इसीलिए गुवाहाटी में ख़रीदा गया पैक वैसा ही है जैसा पुणे में ख़रीदा गया।",
  "Explore our products": "हमारे उत्पाद देखें",
  "Contact us": "संपर्क करें",
};
