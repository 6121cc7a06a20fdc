/**
 * The 28 states and 8 union territories of India with their two-digit GST state codes
 * and a handful of main cities each (capital first).
 */
export interface PlaceSeed {
  name: string;
  gstCode: string;
  kind: "state" | "union-territory";
  cities: readonly string[];
}

export const PLACES: readonly PlaceSeed[] = [
  {
    name: "Jammu and Kashmir",
    gstCode: "01",
    kind: "union-territory",
    cities: ["Srinagar", "Jammu", "Anantnag", "Baramulla", "Udhampur", "Kathua", "Sopore"],
  },
  {
    name: "Himachal Pradesh",
    gstCode: "02",
    kind: "state",
    cities: ["Shimla", "Dharamshala", "Mandi", "Solan", "Kullu", "Hamirpur", "Una", "Bilaspur"],
  },
  {
    name: "Punjab",
    gstCode: "03",
    kind: "state",
    cities: ["Chandigarh", "Ludhiana", "Amritsar", "Jalandhar", "Patiala", "Bathinda", "Mohali", "Pathankot"],
  },
  {
    name: "Chandigarh",
    gstCode: "04",
    kind: "union-territory",
    cities: ["Chandigarh", "Manimajra", "Maloya", "Dhanas"],
  },
  {
    name: "Uttarakhand",
    gstCode: "05",
    kind: "state",
    cities: ["Dehradun", "Haridwar", "Rishikesh", "Haldwani", "Roorkee", "Nainital", "Rudrapur", "Almora"],
  },
  {
    name: "Haryana",
    gstCode: "06",
    kind: "state",
    cities: ["Chandigarh", "Gurugram", "Faridabad", "Panipat", "Ambala", "Karnal", "Hisar", "Rohtak", "Sonipat"],
  },
  {
    name: "Delhi",
    gstCode: "07",
    kind: "union-territory",
    cities: ["New Delhi", "Delhi", "Dwarka", "Rohini", "Narela", "Shahdara", "Saket"],
  },
  {
    name: "Rajasthan",
    gstCode: "08",
    kind: "state",
    cities: ["Jaipur", "Jodhpur", "Udaipur", "Kota", "Ajmer", "Bikaner", "Alwar", "Bhilwara", "Sikar"],
  },
  {
    name: "Uttar Pradesh",
    gstCode: "09",
    kind: "state",
    cities: ["Lucknow", "Kanpur", "Varanasi", "Agra", "Prayagraj", "Ghaziabad", "Noida", "Meerut", "Gorakhpur", "Bareilly"],
  },
  {
    name: "Bihar",
    gstCode: "10",
    kind: "state",
    cities: ["Patna", "Gaya", "Bhagalpur", "Muzaffarpur", "Darbhanga", "Purnia", "Ara", "Begusarai"],
  },
  {
    name: "Sikkim",
    gstCode: "11",
    kind: "state",
    cities: ["Gangtok", "Namchi", "Gyalshing", "Mangan", "Rangpo", "Singtam"],
  },
  {
    name: "Arunachal Pradesh",
    gstCode: "12",
    kind: "state",
    cities: ["Itanagar", "Naharlagun", "Pasighat", "Tawang", "Ziro", "Bomdila", "Tezu"],
  },
  {
    name: "Nagaland",
    gstCode: "13",
    kind: "state",
    cities: ["Kohima", "Dimapur", "Mokokchung", "Tuensang", "Wokha", "Mon"],
  },
  {
    name: "Manipur",
    gstCode: "14",
    kind: "state",
    cities: ["Imphal", "Thoubal", "Bishnupur", "Churachandpur", "Ukhrul", "Kakching"],
  },
  {
    name: "Mizoram",
    gstCode: "15",
    kind: "state",
    cities: ["Aizawl", "Lunglei", "Champhai", "Serchhip", "Kolasib", "Saiha"],
  },
  {
    name: "Tripura",
    gstCode: "16",
    kind: "state",
    cities: ["Agartala", "Udaipur", "Dharmanagar", "Kailashahar", "Belonia", "Ambassa"],
  },
  {
    name: "Meghalaya",
    gstCode: "17",
    kind: "state",
    cities: ["Shillong", "Tura", "Jowai", "Nongstoin", "Williamnagar", "Baghmara"],
  },
  {
    name: "Assam",
    gstCode: "18",
    kind: "state",
    cities: ["Dispur", "Guwahati", "Dibrugarh", "Silchar", "Jorhat", "Tezpur", "Nagaon", "Tinsukia"],
  },
  {
    name: "West Bengal",
    gstCode: "19",
    kind: "state",
    cities: ["Kolkata", "Howrah", "Siliguri", "Durgapur", "Asansol", "Bardhaman", "Kharagpur", "Darjeeling", "Haldia"],
  },
  {
    name: "Jharkhand",
    gstCode: "20",
    kind: "state",
    cities: ["Ranchi", "Jamshedpur", "Dhanbad", "Bokaro Steel City", "Deoghar", "Hazaribagh", "Giridih"],
  },
  {
    name: "Odisha",
    gstCode: "21",
    kind: "state",
    cities: ["Bhubaneswar", "Cuttack", "Rourkela", "Berhampur", "Sambalpur", "Puri", "Balasore"],
  },
  {
    name: "Chhattisgarh",
    gstCode: "22",
    kind: "state",
    cities: ["Raipur", "Bhilai", "Bilaspur", "Korba", "Durg", "Rajnandgaon", "Jagdalpur"],
  },
  {
    name: "Madhya Pradesh",
    gstCode: "23",
    kind: "state",
    cities: ["Bhopal", "Indore", "Jabalpur", "Gwalior", "Ujjain", "Sagar", "Rewa", "Satna"],
  },
  {
    name: "Gujarat",
    gstCode: "24",
    kind: "state",
    cities: ["Gandhinagar", "Ahmedabad", "Surat", "Vadodara", "Rajkot", "Bhavnagar", "Jamnagar", "Junagadh", "Anand"],
  },
  {
    name: "Dadra and Nagar Haveli and Daman and Diu",
    gstCode: "26",
    kind: "union-territory",
    cities: ["Daman", "Silvassa", "Diu", "Naroli"],
  },
  {
    name: "Maharashtra",
    gstCode: "27",
    kind: "state",
    cities: ["Mumbai", "Pune", "Nagpur", "Nashik", "Thane", "Aurangabad", "Solapur", "Kolhapur", "Amravati", "Navi Mumbai"],
  },
  {
    name: "Karnataka",
    gstCode: "29",
    kind: "state",
    cities: ["Bengaluru", "Mysuru", "Mangaluru", "Hubballi", "Belagavi", "Kalaburagi", "Davanagere", "Shivamogga"],
  },
  {
    name: "Goa",
    gstCode: "30",
    kind: "state",
    cities: ["Panaji", "Margao", "Vasco da Gama", "Mapusa", "Ponda"],
  },
  {
    name: "Lakshadweep",
    gstCode: "31",
    kind: "union-territory",
    cities: ["Kavaratti", "Agatti", "Minicoy", "Andrott", "Amini"],
  },
  {
    name: "Kerala",
    gstCode: "32",
    kind: "state",
    cities: ["Thiruvananthapuram", "Kochi", "Kozhikode", "Thrissur", "Kollam", "Kannur", "Alappuzha", "Palakkad"],
  },
  {
    name: "Tamil Nadu",
    gstCode: "33",
    kind: "state",
    cities: ["Chennai", "Coimbatore", "Madurai", "Tiruchirappalli", "Salem", "Tirunelveli", "Erode", "Vellore", "Thanjavur"],
  },
  {
    name: "Puducherry",
    gstCode: "34",
    kind: "union-territory",
    cities: ["Puducherry", "Karaikal", "Mahe", "Yanam"],
  },
  {
    name: "Andaman and Nicobar Islands",
    gstCode: "35",
    kind: "union-territory",
    cities: ["Sri Vijaya Puram", "Car Nicobar", "Mayabunder", "Diglipur", "Rangat"],
  },
  {
    name: "Telangana",
    gstCode: "36",
    kind: "state",
    cities: ["Hyderabad", "Warangal", "Nizamabad", "Karimnagar", "Khammam", "Secunderabad", "Mahbubnagar"],
  },
  {
    name: "Andhra Pradesh",
    gstCode: "37",
    kind: "state",
    cities: ["Amaravati", "Visakhapatnam", "Vijayawada", "Guntur", "Tirupati", "Nellore", "Kurnool", "Kakinada"],
  },
  {
    name: "Ladakh",
    gstCode: "38",
    kind: "union-territory",
    cities: ["Leh", "Kargil", "Diskit", "Padum"],
  },
];
