const CHINA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' });

/** The calendar day in China's time, 'YYYY-MM-DD' (the audit workbook's name, the audit retention's daily job). */
export function chinaDay(date: Date): string {
  return CHINA_DAY.format(date);
}
