//! Calendar dates for "legal as of" questions. A small type of our own: the
//! formats only need to parse, print, order and compare days.

use std::fmt;
use std::str::FromStr;

/// A day of the proleptic Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// A valid date, or `None`.
    pub const fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        if month < 1 || month > 12 || day < 1 || day > days_in_month(year, month) {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// For the constant tables: the caller guarantees validity (checked by a test).
    pub(crate) const fn ymd(year: i32, month: u8, day: u8) -> Date {
        Date { year, month, day }
    }

    /// Today's date in UTC, from the system clock.
    pub fn today() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0);
        Date::from_days_since_epoch(secs.div_euclid(86_400))
    }

    /// Converts a count of days since 1970-01-01 (Howard Hinnant's civil-from-days).
    pub fn from_days_since_epoch(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// The day before this one.
    pub fn pred(self) -> Date {
        if self.day > 1 {
            Date {
                day: self.day - 1,
                ..self
            }
        } else if self.month > 1 {
            let month = self.month - 1;
            Date {
                year: self.year,
                month,
                day: days_in_month(self.year, month),
            }
        } else {
            Date {
                year: self.year - 1,
                month: 12,
                day: 31,
            }
        }
    }
}

const fn is_leap(y: i32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

const fn days_in_month(y: i32, m: u8) -> u8 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(y) => 29,
        2 => 28,
        _ => 0,
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// The error for a date that is not `YYYY-MM-DD` or not a real day.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a date of the form YYYY-MM-DD")]
pub struct BadDate(pub String);

impl FromStr for Date {
    type Err = BadDate;
    fn from_str(s: &str) -> Result<Date, BadDate> {
        let bad = || BadDate(s.to_string());
        let mut parts = s.trim().split('-');
        let (y, m, d) = match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some(y), Some(m), Some(d), None) => (y, m, d),
            _ => return Err(bad()),
        };
        let digits = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
        if !digits(y, 4) || !digits(m, 2) || !digits(d, 2) {
            return Err(bad());
        }
        let (y, m, d) = (
            y.parse::<i32>().map_err(|_| bad())?,
            m.parse::<u8>().map_err(|_| bad())?,
            d.parse::<u8>().map_err(|_| bad())?,
        );
        Date::new(y, m, d).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let d: Date = "2016-06-01".parse().unwrap();
        assert_eq!(d, Date::ymd(2016, 6, 1));
        assert_eq!(d.to_string(), "2016-06-01");
        assert!("2016-02-30".parse::<Date>().is_err());
        assert!("2016-6-1".parse::<Date>().is_err());
        assert!("yesterday".parse::<Date>().is_err());
        assert!("2015-02-29".parse::<Date>().is_err());
        assert!("2016-02-29".parse::<Date>().is_ok());
    }

    #[test]
    fn epoch_conversion() {
        assert_eq!(Date::from_days_since_epoch(0), Date::ymd(1970, 1, 1));
        assert_eq!(Date::from_days_since_epoch(20_778), Date::ymd(2026, 11, 21));
        assert_eq!(Date::from_days_since_epoch(11_016), Date::ymd(2000, 2, 29));
    }

    #[test]
    fn pred_crosses_month_and_year() {
        assert_eq!(Date::ymd(2016, 3, 1).pred(), Date::ymd(2016, 2, 29));
        assert_eq!(Date::ymd(2016, 1, 1).pred(), Date::ymd(2015, 12, 31));
        assert_eq!(Date::ymd(2016, 6, 2).pred(), Date::ymd(2016, 6, 1));
    }
}
