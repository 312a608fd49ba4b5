// A negative balance is debt too (api common.ts): the screens show one figure, never both.

export function debtOf(money: { balanceMinor: number; debtMinor: number }): number {
  return Math.max(money.debtMinor, money.balanceMinor < 0 ? -money.balanceMinor : 0);
}

export function availableOf(money: { balanceMinor: number }): number {
  return Math.max(money.balanceMinor, 0);
}
