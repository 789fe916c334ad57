/** The props of a money or count cell in the finance tables: right-aligned figures of equal width, never wrapped. */
export const numberCell = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } as const;
