import { describe, expect, it } from 'vitest';
import { fenToYuan, formatYuan, yuanToFen } from '../../../../src/lib/format/money';
import { fieldText } from '../../../../src/lib/format/fieldText';
import { fieldSchema } from '../../../../src/contract/resource';

describe('money: integer fen in the API, yuan on screen', () => {
  it('converts typed yuan to whole fen without binary drift', () => {
    expect(yuanToFen(1.005)).toBe(101);
    expect(yuanToFen('7200')).toBe(720000);
    expect(yuanToFen('69.8')).toBe(6980);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(-12.345)).toBe(-1235);
    expect(yuanToFen('')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
  });

  it('shows fen as yuan with two decimals and thousands separators', () => {
    expect(formatYuan(720000)).toBe('7,200.00');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(-123456789)).toBe('-1,234,567.89');
    expect(formatYuan('99900')).toBe('999.00');
    expect(formatYuan(null)).toBe('');
    expect(fenToYuan(6980)).toBe(69.8);
    expect(fieldText({ type: 'money', label: '标价' }, 1152000)).toBe('11,520.00');
  });

  it('accepts only whole fen within the bounds, with messages in yuan', () => {
    const schema = fieldSchema({ type: 'money', label: '标价', required: true, min: 0 });
    expect(schema.parse(720000)).toBe(720000);
    expect(schema.parse('199')).toBe(199);
    expect(schema.safeParse(99.5).error?.issues[0]?.message).toBe('标价必须是以分为单位的整数');
    expect(schema.safeParse(-1).error?.issues[0]?.message).toBe('标价不能小于0.00元');
    expect(schema.safeParse(10 ** 13).error?.issues[0]?.message).toBe('标价不能大于9999999999.99元');
  });
});
