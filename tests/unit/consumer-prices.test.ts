import { describe, expect, it } from "vitest";
import { consumerPrices, consumerRateOf, priceOrder, type TaxRule } from "~/domain/money/tax-rules";
import { countryInSentence } from "~/lib/countries";
import { formatMoney } from "~/lib/money";

describe("the price panel's line: what a consumer in the visitor's country pays", () => {
  it("adds each package's tax, half up, and says what it includes", () => {
    const line = consumerPrices([49900, 99900, 189900, 1], { country: "GB", rateBasisPoints: 2000, taxName: "VAT" });
    expect(line.totalsMinor).toEqual([59880, 119880, 227880, 1]);
    expect(line.includes).toBe("incl. 20% VAT in the United Kingdom");
    expect(`${formatMoney(line.totalsMinor[1]!, "GBP")} ${line.includes}`).toBe("£1,198.80 incl. 20% VAT in the United Kingdom");
    // Half up: 0.5 of a minor unit goes up, as checkout rounds it.
    expect(consumerPrices([25], { country: "DE", rateBasisPoints: 1900, taxName: "MwSt" })).toEqual({
      totalsMinor: [30],
      includes: "incl. 19% MwSt in Germany",
    });
  });

  it("is what checkout charges the same consumer without a discount", () => {
    const rules: TaxRule[] = [{ country: "IE", customerKind: "consumer", rateBasisPoints: 2300, note: null }];
    const rate = consumerRateOf(rules, "IE")!;
    for (const amount of [1, 999, 45000, 123457]) {
      const [total] = consumerPrices([amount], { country: "IE", rateBasisPoints: rate, taxName: "VAT" }).totalsMinor;
      expect(total).toBe(priceOrder(amount, 0, { rateBasisPoints: rate, country: "IE", note: null }).totalMinor);
    }
  });

  it("names countries as a sentence reads them", () => {
    expect(countryInSentence("GB")).toBe("the United Kingdom");
    expect(countryInSentence("US")).toBe("the United States");
    expect(countryInSentence("NL")).toBe("the Netherlands");
    expect(countryInSentence("DE")).toBe("Germany");
    expect(countryInSentence("FR")).toBe("France");
  });
});
