import { fromCents, type StoryStatistics } from '@glimpse/contract';

/** One earning of a story: who paid, how much, and the tip's message when it is a tip. */
export interface StoryEarningRow {
  username: string;
  priceCents: number;
  title?: string | null;
}

function totalCents(rows: StoryEarningRow[]): number {
  return rows.reduce((sum, row) => sum + row.priceCents, 0);
}

/** Spec 3 "story statistics": buyers and tippers by lower-case name, totals in currency units. */
export function presentStoryStatistics(
  purchases: StoryEarningRow[],
  tips: StoryEarningRow[],
): StoryStatistics {
  const purchased = totalCents(purchases);
  const tipped = totalCents(tips);
  return {
    purchased: purchases.map((p) => ({
      username: p.username.toLowerCase(),
      price: fromCents(p.priceCents),
    })),
    tips: tips.map((t) => ({
      username: t.username.toLowerCase(),
      price: fromCents(t.priceCents),
      title: t.title ?? null,
    })),
    purchased_total: fromCents(purchased),
    tips_total: fromCents(tipped),
    total: fromCents(purchased + tipped),
  };
}
