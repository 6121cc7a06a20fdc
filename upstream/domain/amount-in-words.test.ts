import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-in-words";

describe("amount in words (Indian system)", () => {
  it("reads the issue's examples", () => {
    expect(amountInWords(50)).toBe("Fifty Paise Only");
    expect(amountInWords(100)).toBe("Rupees One Only");
    expect(amountInWords(1_00_000_00)).toBe("Rupees One Lakh Only");
    expect(amountInWords(12_34_56_789_05)).toBe("Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Five Paise Only");
  });

  it("says zero", () => {
    expect(amountInWords(0)).toBe("Rupees Zero Only");
    expect(amountInWords(1)).toBe("One Paise Only");
  });

  it("reads exact thousands, lakhs and crores without stray words", () => {
    expect(amountInWords(1000_00)).toBe("Rupees One Thousand Only");
    expect(amountInWords(10_00_000_00)).toBe("Rupees Ten Lakh Only");
    expect(amountInWords(1_00_00_000_00)).toBe("Rupees One Crore Only");
    expect(amountInWords(1_00_00_100_00)).toBe("Rupees One Crore One Hundred Only");
    expect(amountInWords(1_01_00_000_00)).toBe("Rupees One Crore One Lakh Only");
    expect(amountInWords(99_99_99_999_99)).toBe(
      "Rupees Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only",
    );
  });

  it("reads crores of crores the Indian way", () => {
    expect(amountInWords(100_00_00_000_00)).toBe("Rupees One Hundred Crore Only");
    expect(amountInWords(1_00_000_00_00_000_00)).toBe("Rupees One Lakh Crore Only");
  });

  it("reads eleven to nineteen and the tens", () => {
    const teens = ["Eleven", "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"];
    teens.forEach((word, i) => expect(amountInWords((11 + i) * 100)).toBe(`Rupees ${word} Only`));
    const tens = ["Ten", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];
    tens.forEach((word, i) => expect(amountInWords((i + 1) * 10 * 100)).toBe(`Rupees ${word} Only`));
    expect(amountInWords(21_00)).toBe("Rupees Twenty One Only");
    expect(amountInWords(115_00)).toBe("Rupees One Hundred Fifteen Only");
    expect(amountInWords(11_019_00)).toBe("Rupees Eleven Thousand Nineteen Only");
    expect(amountInWords(1_180_10)).toBe("Rupees One Thousand One Hundred Eighty and Ten Paise Only");
  });

  it("refuses what is not whole, non-negative paise", () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(10.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
    expect(() => amountInWords(2 ** 53)).toThrow(RangeError);
  });
});
