export { roundNumber, formatRound } from './round';
export { yuanToFen, fenToYuan, formatYuan } from './money';
export { rmbCapital } from './rmbCapital';
export { formatDate, formatDateTime, DATE_FORMAT, DATETIME_FORMAT, type DateInput } from './date';
export { formatFileSize } from './filesize';
export { formatDurationMs } from './duration';
export { ageInYears, ageGroupOf, ageGroupText, AGE_GROUPS, type AgeGroupCode } from './age';
export { dateRangeOf, nowText, DATE_RANGE_PRESET_LABELS, type DateRangePreset, type DateRangeValue } from './dateRange';
export { reportPreviewUrl, reportHost } from './reportUrl';
