//! Dates as visitors say them, resolved against the visitor's "today".
//!
//! Decisions, so replies stay predictable:
//! - A bare weekday ("el viernes", "viernes", "on friday") and "el próximo viernes", "el viernes
//!   que viene", "next friday" all mean the next occurrence *after* today: said on a Friday they
//!   name the Friday a week later (people say "hoy" for today). Only "este viernes" / "this
//!   friday" may be today.
//! - A day and month in the past this year ("el 2 de enero" said in November) roll to next year;
//!   a bare day ("el 25") is this month, or the next month that has that day once it has passed.
//! - Numeric dates are day first (`25/11`, `25-11`, `25/11/2026`); ISO `2026-11-25` also reads.
//! - "la semana que viene" / "next week" is Monday to Sunday of next calendar week; "el fin de
//!   semana" is this week's Saturday and Sunday (only Sunday once it is Sunday); "el fin de semana
//!   que viene" is next calendar week's.
//! - "hasta mañana" is a goodbye, not a date; a date directly followed by "no" ("el viernes no,
//!   mejor el sábado") is a rejected option and skipped. Otherwise the first date said wins, and a
//!   precise day beats a range, except that a weekday within a few words of "la semana que viene"
//!   is the weekday of that week.

use time::{Date, Duration, Month, Weekday};

use super::lexicon::{self, Lexicon};
use super::normalize::{near, normalize, number_at, tokens};
use crate::booking::BUSINESS_YEARS;

/// A date the visitor named: one day, or an inclusive range of days (a week, a weekend, a month)
/// the caller should offer days from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateExpr {
    /// One precise day.
    Day(Date),
    /// Every day from `first` to `last`, both included.
    Range {
        /// The first day of the range.
        first: Date,
        /// The last day of the range.
        last: Date,
    },
}

impl DateExpr {
    /// The precise day, if this is one.
    pub fn day(self) -> Option<Date> {
        match self {
            DateExpr::Day(d) => Some(d),
            DateExpr::Range { .. } => None,
        }
    }

    /// The first day covered.
    pub fn first(self) -> Date {
        match self {
            DateExpr::Day(d) | DateExpr::Range { first: d, .. } => d,
        }
    }

    /// The last day covered.
    pub fn last(self) -> Date {
        match self {
            DateExpr::Day(d) | DateExpr::Range { last: d, .. } => d,
        }
    }

    /// Whether `date` is covered.
    pub fn contains(self, date: Date) -> bool {
        self.first() <= date && date <= self.last()
    }
}

/// Finds the date in a message, relative to `today` (the visitor's current date, whose weekday
/// matters). `None` when the message names no date.
pub fn parse_date(text: &str, today: Date) -> Option<DateExpr> {
    let normalized = normalize(text);
    parse_date_tokens(&tokens(&normalized), today)
}

/// A day and month that no calendar has ("31 de febrero", "september 31st"), as said, so the
/// visitor can be told it does not exist rather than that they were not understood.
pub fn impossible_date(text: &str) -> Option<(u8, Month)> {
    let normalized = normalize(text);
    let t = tokens(&normalized);
    let day_at = |i: usize| -> Option<u8> {
        let w = *t.get(i)?;
        let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let n: u32 = if digits.is_empty() {
            number_at(&t, i).filter(|(_, used)| *used == 1)?.0
        } else {
            digits.parse().ok()?
        };
        u8::try_from(n).ok().filter(|n| (1..=99).contains(n))
    };
    // In a leap year, so that "29 de febrero" exists.
    let exists = |day: u8, month: Month| Date::from_calendar_date(2028, month, day).is_ok();
    for i in 0..t.len() {
        if let Some(day) = day_at(i) {
            let at = i + 1 + usize::from(matches!(t.get(i + 1), Some(&"de" | &"of")));
            if let Some(month) = t.get(at).and_then(|w| month(w))
                && !exists(day, month)
            {
                return Some((day, month));
            }
        }
        if let Some(month) = month(t[i])
            && let Some(day) = day_at(i + 1)
            && !exists(day, month)
        {
            return Some((day, month));
        }
    }
    None
}

/// A weekday said with a date it is not ("el lunes 10" when the 10th is a Thursday).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeekdayMismatch {
    /// The weekday said.
    pub said: Weekday,
    /// The date the day of the month names.
    pub date: Date,
    /// The weekday said in the same week as `date` (Monday to Sunday), or the next one when
    /// that has passed: the other thing the visitor may have meant.
    pub weekday_date: Date,
}

/// The first weekday in `text` that disagrees with the date said with it, so the visitor can
/// be asked which they meant rather than have one silently win.
pub fn weekday_mismatch(text: &str, today: Date) -> Option<WeekdayMismatch> {
    let normalized = normalize(text);
    let t = tokens(&normalized);
    (0..t.len()).find_map(|i| {
        let said = weekday(t[i])?;
        let (date, _) = day_after_weekday(&t, i, today)?;
        if date.weekday() == said {
            return None;
        }
        let back = i64::from(date.weekday().number_days_from_monday())
            - i64::from(said.number_days_from_monday());
        let same_week = shift(date, -back)?;
        let weekday_date = if same_week < today {
            shift(same_week, 7)?
        } else {
            same_week
        };
        Some(WeekdayMismatch {
            said,
            date,
            weekday_date,
        })
    })
}

/// The date written right after the weekday at `i`: "viernes 27", "lunes día 10", "lunes 10 de
/// diciembre", "monday the 14th of january", "monday january 14"; and the words it takes.
fn day_after_weekday(t: &[&str], i: usize, today: Date) -> Option<(Date, usize)> {
    let skip = usize::from(matches!(t.get(i + 1), Some(&"the" | &"dia")));
    let at = i + 1 + skip;
    if let Some((Found::Day(d), used)) = day_month_at(t, at, today) {
        return Some((d, skip + used));
    }
    if let Some(month) = t.get(at).and_then(|w| month(w))
        && let Some((day, used)) = ordinal_at(t, at + 1)
    {
        let (year, year_used) = year_at(t, at + 1 + used);
        return calendar(day, month, year, today).map(|d| (d, skip + 1 + used + year_used));
    }
    // A bare number: digits only ("el viernes 27"), so "el lunes a las 5" keeps its hour.
    let digits = t.get(at)?;
    let n = digits.parse::<u8>().ok().or_else(|| {
        let (n, _) = ordinal_at(t, at).filter(|_| digits.ends_with(char::is_alphabetic))?;
        Some(n)
    })?;
    day_of_month(n, today).map(|d| (d, skip + 1))
}

/// What one phrase said, before phrases are combined.
#[derive(Debug, Clone, Copy)]
enum Found {
    Day(Date),
    Weekday(Weekday, bool),
    NextWeek,
    Range(Date, Date),
}

pub(crate) fn parse_date_tokens(t: &[&str], today: Date) -> Option<DateExpr> {
    let all = all_dates(t, today);
    all.iter()
        .copied()
        .find(|d| matches!(d, DateExpr::Day(_)))
        .or_else(|| all.first().copied())
}

/// Every date a message names, in the order said: "mi cita es el 3/12, cámbiala al 4/12" gives
/// both, so a caller moving a booking can take the old and the new. Rejected options ("el viernes
/// no") are left out; a weekday next to "la semana que viene" is one date, that week's day.
pub fn parse_dates(text: &str, today: Date) -> Vec<DateExpr> {
    let normalized = normalize(text);
    all_dates(&tokens(&normalized), today)
}

fn all_dates(t: &[&str], today: Date) -> Vec<DateExpr> {
    // Each phrase with the span of words it took.
    let mut found: Vec<(Found, usize, usize)> = Vec::new();
    let mut i = 0;
    while i < t.len() {
        match find_at(t, i, today) {
            Some((what, used)) => {
                let after = t.get(i + used).copied();
                if after != Some("no") {
                    found.push((what, i, i + used));
                }
                i += used;
            }
            None => i += 1,
        }
    }
    // "el martes de la semana que viene", "la semana que viene, el martes": a weekday within a
    // few words of "next week" is that week's day, and the week is not a date of its own.
    let close = |a: &(Found, usize, usize), b: &(Found, usize, usize)| {
        a.2 <= b.1 && b.1 - a.2 <= 3 || b.2 <= a.1 && a.1 - b.2 <= 3
    };
    let paired = |item: &(Found, usize, usize), want_week: bool| {
        found.iter().any(|other| {
            let is_week = matches!(other.0, Found::NextWeek);
            let is_day = matches!(other.0, Found::Weekday(..));
            (if want_week { is_week } else { is_day }) && close(item, other)
        })
    };
    found
        .iter()
        .filter_map(|item| match item.0 {
            Found::Day(d) => Some(DateExpr::Day(d)),
            Found::Weekday(wd, _) if paired(item, true) => {
                shift(next_monday(today)?, i64::from(wd.number_days_from_monday()))
                    .map(DateExpr::Day)
            }
            Found::Weekday(wd, this) => weekday_from(today, wd, this).map(DateExpr::Day),
            Found::NextWeek if paired(item, false) => None,
            Found::NextWeek => {
                let first = next_monday(today)?;
                Some(DateExpr::Range {
                    first,
                    last: shift(first, 6)?,
                })
            }
            Found::Range(first, last) => Some(DateExpr::Range { first, last }),
        })
        .collect()
}

fn find_at(t: &[&str], i: usize, today: Date) -> Option<(Found, usize)> {
    let w = t[i];
    let prev = i.checked_sub(1).map(|p| t[p]);
    let next = t.get(i + 1).copied();
    let has = |offset: usize, words: &[&str]| {
        words
            .iter()
            .enumerate()
            .all(|(k, word)| t.get(i + offset + k) == Some(word))
    };

    // Relative days.
    match w {
        "hoy" | "today" | "tonight" | "tonite" => return Some((Found::Day(today), 1)),
        // The past, read as said so that the visitor hears it has gone.
        "ayer" | "yesterday" => return shift(today, -1).map(|day| (Found::Day(day), 1)),
        "anteayer" => return shift(today, -2).map(|day| (Found::Day(day), 1)),
        "antes" if next == Some("de") && t.get(i + 2) == Some(&"ayer") => {
            return shift(today, -2).map(|day| (Found::Day(day), 3));
        }
        "esta" | "this"
            if matches!(
                next,
                Some("manana" | "tarde" | "noche" | "morning" | "afternoon" | "evening")
            ) =>
        {
            return Some((Found::Day(today), 2));
        }
        "pasado" if next == Some("manana") => {
            return shift(today, 2).map(|day| (Found::Day(day), 2));
        }
        // "media mañana" is a time of day, not tomorrow.
        "manana" if !matches!(prev, Some("la" | "pasado" | "esta" | "hasta" | "media")) => {
            return shift(today, 1).map(|day| (Found::Day(day), 1));
        }
        "tomorrow" | "tmrw" | "tmr" | "tomoz" | "2moro" => {
            let back = i >= 3 && t[i - 3..i] == ["the", "day", "after"];
            return shift(today, if back { 2 } else { 1 }).map(|day| (Found::Day(day), 1));
        }
        _ => {}
    }

    // "dentro de 3 días", "en tres días", "in 3 days", "en una semana", "in two weeks".
    let count_from = match w {
        "dentro" if next == Some("de") => Some(i + 2),
        "en" | "in" => Some(i + 1),
        _ => None,
    };
    if let Some(at) = count_from
        && let Some((n, used)) =
            number_at(t, at).or_else(|| (t.get(at) == Some(&"a")).then_some((1, 1)))
        && let Some(unit) = t.get(at + used)
    {
        let per = match *unit {
            "dia" | "dias" | "day" | "days" => Some(1),
            "semana" | "semanas" | "week" | "weeks" => Some(7),
            _ => None,
        };
        if let Some(per) = per
            && n <= 60
        {
            return shift(today, i64::from(n) * per)
                .map(|day| (Found::Day(day), at + used + 1 - i));
        }
    }

    // Weeks, weekends, months.
    let later = |offset: usize| {
        has(offset, &["que", "viene"]) || has(offset, &["proxima"]) || has(offset, &["proximo"])
    };
    let before_next = matches!(prev, Some("proxima" | "proximo" | "next"));
    if has(0, &["fin", "de", "semana"]) || matches!(w, "weekend" | "finde") {
        let used = if w == "fin" { 3 } else { 1 };
        let next_one = before_next || later(used);
        let extra = if later(used) {
            if has(used, &["que", "viene"]) { 2 } else { 1 }
        } else {
            0
        };
        let saturday = if next_one {
            shift(next_monday(today)?, 5)?
        } else {
            weekday_from(today, Weekday::Saturday, true)?
        };
        let first = if today.weekday() == Weekday::Sunday && !next_one {
            today
        } else {
            saturday
        };
        let last = if today.weekday() == Weekday::Sunday && !next_one {
            today
        } else {
            shift(saturday, 1)?
        };
        return Some((Found::Range(first, last), used + extra));
    }
    if matches!(w, "semana" | "week") {
        if next == Some("pasada") || prev == Some("last") {
            let monday = shift(next_monday(today)?, -14)?;
            let used = if next == Some("pasada") { 2 } else { 1 };
            return Some((Found::Range(monday, shift(monday, 6)?), used));
        }
        if before_next || later(1) {
            let extra = if has(1, &["que", "viene"]) {
                2
            } else if later(1) {
                1
            } else {
                0
            };
            return Some((Found::NextWeek, 1 + extra));
        }
        if matches!(prev, Some("esta" | "this")) {
            let sunday = shift(next_monday(today)?, -1)?;
            return Some((Found::Range(today, sunday), 1));
        }
    }
    if matches!(w, "mes" | "month") {
        if before_next || later(1) {
            let first = first_of_next_month(today);
            let extra = if has(1, &["que", "viene"]) {
                2
            } else if later(1) {
                1
            } else {
                0
            };
            return Some((Found::Range(first, last_of_month(first)), 1 + extra));
        }
        if matches!(prev, Some("este" | "this")) {
            return Some((Found::Range(today, last_of_month(today)), 1));
        }
    }

    // Weekdays: "el viernes", "este viernes", "el viernes que viene", "next friday".
    if let Some(wd) = weekday(w) {
        let this = matches!(prev, Some("este" | "this"));
        // "el viernes 27", "Monday the 14th of January": the number is the day, the weekday
        // only decoration (when they disagree, `weekday_mismatch` says so).
        if let Some((d, used)) = day_after_weekday(t, i, today) {
            return Some((Found::Day(d), 1 + used));
        }
        // "el lunes pasado", "last monday": the latest one before today.
        if matches!(next, Some("pasado" | "pasada")) || prev == Some("last") {
            let back = (i64::from(today.weekday().number_days_from_monday())
                - i64::from(wd.number_days_from_monday()))
            .rem_euclid(7);
            let back = if back == 0 { 7 } else { back };
            let used = if prev == Some("last") { 1 } else { 2 };
            return shift(today, -back).map(|day| (Found::Day(day), used));
        }
        let extra = if has(1, &["que", "viene"]) { 2 } else { 0 };
        return Some((Found::Weekday(wd, this), 1 + extra));
    }

    // Calendar dates.
    if let Some(found) = day_month_at(t, i, today) {
        return Some(found);
    }
    if let Some(month) = month(w)
        && let Some((day, used)) = ordinal_at(t, i + 1)
    {
        let (year, year_used) = year_at(t, i + 1 + used);
        if let Some(d) = calendar(day, month, year, today) {
            return Some((Found::Day(d), 1 + used + year_used));
        }
    }
    if let Some(d) = numeric_date(w, today) {
        return Some((Found::Day(d), 1));
    }
    // "el 25", "el día 25", "the 25th": digits only, and not a price, an hour or a count.
    if matches!(w, "el" | "dia" | "the") {
        let at = if w == "el" && next == Some("dia") {
            i + 2
        } else {
            i + 1
        };
        if let Some((found, used)) = day_month_at(t, at, today) {
            return Some((found, at - i + used));
        }
        if let Some((n, 1)) = ordinal_at(t, at)
            && t.get(at).is_some_and(|s| s.as_bytes()[0].is_ascii_digit())
            && !not_a_day(t.get(at + 1).copied(), t.get(at + 2).copied())
            && let Some(d) = day_of_month(n, today)
        {
            return Some((Found::Day(d), at + 1 - i));
        }
    }
    None
}

/// "25 de noviembre", "25 noviembre de 2026", "25th of november", "25 nov".
fn day_month_at(t: &[&str], i: usize, today: Date) -> Option<(Found, usize)> {
    let (day, used) = ordinal_at(t, i)?;
    let mut at = i + used;
    if matches!(t.get(at), Some(&"de" | &"of")) {
        at += 1;
    }
    let month = month(t.get(at)?)?;
    at += 1;
    let (year, year_used) = year_at(t, at);
    let d = calendar(day, month, year, today)?;
    Some((Found::Day(d), at + year_used - i))
}

/// A day number, in digits, words, or ordinals ("25th", "1st", "1º", "primero", "first").
fn ordinal_at(t: &[&str], i: usize) -> Option<(u8, usize)> {
    let w = *t.get(i)?;
    let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &w[digits.len()..];
    let (n, used) = if !digits.is_empty() && matches!(suffix, "st" | "nd" | "rd" | "th" | "o") {
        (digits.parse().ok()?, 1)
    } else if matches!(w, "primero" | "first") {
        (1, 1)
    } else {
        number_at(t, i)?
    };
    let n = u8::try_from(n).ok().filter(|n| (1..=31).contains(n))?;
    Some((n, used))
}

/// An optional year after a day and month: "de 2026", "del 2026", "2026", ", 26" is not read.
fn year_at(t: &[&str], i: usize) -> (Option<i32>, usize) {
    let skip = usize::from(matches!(t.get(i), Some(&"de" | &"del")));
    match t
        .get(i + skip)
        .and_then(|y| (y.len() == 4).then(|| y.parse::<i32>().ok()).flatten())
    {
        Some(y) if BUSINESS_YEARS.contains(&y) => (Some(y), skip + 1),
        _ => (None, 0),
    }
}

/// `25/11`, `25-11`, `25/11/2026`, `25/11/26`, `2026-11-25`.
fn numeric_date(w: &str, today: Date) -> Option<Date> {
    let sep = if w.contains('/') { '/' } else { '-' };
    let parts: Vec<&str> = w.split(sep).collect();
    if parts.len() < 2
        || parts.len() > 3
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    if parts[0].len() == 4 && parts.len() == 3 {
        let (y, m, d): (i32, u8, u8) = (
            parts[0].parse().ok()?,
            parts[1].parse().ok()?,
            parts[2].parse().ok()?,
        );
        return calendar(d, Month::try_from(m).ok()?, Some(y), today);
    }
    if parts[0].len() > 2 || parts[1].len() > 2 {
        return None;
    }
    let day: u8 = parts[0].parse().ok()?;
    let month = Month::try_from(parts[1].parse::<u8>().ok()?).ok()?;
    let year = match parts.get(2) {
        None => None,
        Some(y) if y.len() == 2 => Some(2000 + y.parse::<i32>().ok()?),
        Some(y) if y.len() == 4 => Some(y.parse().ok()?),
        Some(_) => return None,
    };
    calendar(day, month, year, today)
}

/// Words after "el 25" that show the number is not a day: money, hours, counts.
fn not_a_day(next: Option<&str>, after: Option<&str>) -> bool {
    match next {
        Some(
            "euros" | "euro" | "eur" | "e" | "h" | "hs" | "horas" | "hora" | "min" | "minutos"
            | "pm" | "am" | "personas" | "por" | "x",
        ) => true,
        Some("de") => {
            matches!(after, Some("la" | "manana" | "tarde" | "noche"))
                || after.and_then(month).is_some()
        }
        _ => false,
    }
}

/// How far back a day and month without a year still mean this year's, already past: "el 10 de
/// noviembre" said on the 20th is a mistake to point out, not a booking for next November.
const RECENT_PAST_DAYS: i64 = 60;

/// A day and month; without a year, this year's when it is today, ahead or just past
/// ([`RECENT_PAST_DAYS`]), otherwise next year's.
fn calendar(day: u8, month: Month, year: Option<i32>, today: Date) -> Option<Date> {
    match year {
        // A year said outside the business's is a typo or a joke, not a day to book.
        Some(y) if !BUSINESS_YEARS.contains(&y) => None,
        Some(y) => Date::from_calendar_date(y, month, day).ok(),
        None => {
            let this = Date::from_calendar_date(today.year(), month, day).ok();
            let earliest = shift(today, -RECENT_PAST_DAYS);
            match this {
                Some(d) if earliest.is_none_or(|earliest| d >= earliest) => Some(d),
                _ => Date::from_calendar_date(today.year() + 1, month, day).ok(),
            }
        }
    }
}

/// Day `n` of this month if still ahead (or today), otherwise of the next month that has it.
fn day_of_month(n: u8, today: Date) -> Option<Date> {
    if !(1..=31).contains(&n) {
        return None;
    }
    let mut first = Date::from_calendar_date(today.year(), today.month(), 1).ok()?;
    for _ in 0..3 {
        if let Ok(d) = Date::from_calendar_date(first.year(), first.month(), n)
            && d >= today
        {
            return Some(d);
        }
        first = first_of_next_month(first);
    }
    None
}

fn weekday(w: &str) -> Option<Weekday> {
    // "lunnes" is a Monday: five-letter names forgive a typo too (no common word is one away).
    lookup(|l| l.weekdays, w, 5)
}

/// The value of `w` in a table of names of every lexicon: an exact name, else the first name of at least
/// `typos_from` letters that `w` misspells.
fn lookup<T: Copy + 'static>(
    table: fn(&Lexicon) -> &'static [(&'static str, T)],
    w: &str,
    typos_from: usize,
) -> Option<T> {
    lexicon::all(table)
        .find(|(name, _)| *name == w)
        .or_else(|| lexicon::all(table).find(|(name, _)| name.len() >= typos_from && near(w, name)))
        .map(|&(_, value)| value)
}

pub(super) fn month(w: &str) -> Option<Month> {
    // Short names only exact: "abris" (you open) is one letter from "abril".
    Month::try_from(lookup(|l| l.months, w, 6)?).ok()
}

/// The next occurrence of `wd` after today, or from today on when `including_today`; none past
/// the calendar's end.
fn weekday_from(today: Date, wd: Weekday, including_today: bool) -> Option<Date> {
    let ahead = (i64::from(wd.number_days_from_monday())
        - i64::from(today.weekday().number_days_from_monday()))
    .rem_euclid(7);
    let ahead = if ahead == 0 && !including_today {
        7
    } else {
        ahead
    };
    shift(today, ahead)
}

fn next_monday(today: Date) -> Option<Date> {
    shift(
        today,
        7 - i64::from(today.weekday().number_days_from_monday()),
    )
}

fn first_of_next_month(d: Date) -> Date {
    let (y, m) = if d.month() == Month::December {
        (d.year() + 1, Month::January)
    } else {
        (d.year(), d.month().next())
    };
    Date::from_calendar_date(y, m, 1).unwrap_or(d)
}

fn last_of_month(d: Date) -> Date {
    Date::from_calendar_date(d.year(), d.month(), d.month().length(d.year())).unwrap_or(d)
}

/// `n` days after `date` (before it when negative); none past the calendar's ends, which a
/// plain `+` would panic at.
fn shift(date: Date, n: i64) -> Option<Date> {
    date.checked_add(Duration::days(n))
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::*;

    /// A Friday.
    const FRI: Date = date!(2026 - 11 - 20);
    /// A Tuesday.
    const TUE: Date = date!(2026 - 11 - 24);
    /// A Sunday.
    const SUN: Date = date!(2026 - 11 - 22);

    fn day(text: &str, today: Date) -> Option<Date> {
        parse_date(text, today).and_then(DateExpr::day)
    }

    fn range(first: Date, last: Date) -> Option<DateExpr> {
        Some(DateExpr::Range { first, last })
    }

    /// Issue 12: the past is read as the past (so the visitor is told it has gone), and a date
    /// that does not exist is told apart from one that was not understood.
    #[test]
    fn past_days_are_read_as_said() {
        // Friday 2026-11-20.
        let today = date!(2026 - 11 - 20);
        let cases = [
            ("ayer", date!(2026 - 11 - 19)),
            ("un corte ayer", date!(2026 - 11 - 19)),
            ("anteayer", date!(2026 - 11 - 18)),
            ("antes de ayer", date!(2026 - 11 - 18)),
            ("yesterday", date!(2026 - 11 - 19)),
            ("el lunes pasado", date!(2026 - 11 - 16)),
            ("el viernes pasado", date!(2026 - 11 - 13)),
            ("last monday", date!(2026 - 11 - 16)),
        ];
        for (text, want) in cases {
            assert_eq!(
                parse_date(text, today),
                Some(DateExpr::Day(want)),
                "{text:?}"
            );
        }
        assert_eq!(
            parse_date("la semana pasada", today),
            Some(DateExpr::Range {
                first: date!(2026 - 11 - 9),
                last: date!(2026 - 11 - 15)
            })
        );
    }

    #[test]
    fn dates_that_do_not_exist_are_named() {
        let cases = [
            ("el 31 de febrero", Some((31, Month::February))),
            (
                "un corte el 30 de febrero a las 10",
                Some((30, Month::February)),
            ),
            ("31 de abril", Some((31, Month::April))),
            ("el 31 de junio", Some((31, Month::June))),
            ("september 31st", Some((31, Month::September))),
            ("el 32 de enero", Some((32, Month::January))),
            ("el 29 de febrero", None),
            ("el 28 de febrero", None),
            ("el 31 de marzo", None),
            ("a las 31", None),
            ("", None),
        ];
        for (text, want) in cases {
            assert_eq!(impossible_date(text), want, "{text:?}");
        }
    }

    #[test]
    fn mid_morning_is_not_tomorrow() {
        let today = date!(2026 - 11 - 20);
        assert_eq!(parse_date("a media mañana", today), None);
        assert_eq!(
            parse_date("el lunes a media mañana", today),
            Some(DateExpr::Day(date!(2026 - 11 - 23)))
        );
        assert_eq!(
            parse_date("mañana a media mañana", today),
            Some(DateExpr::Day(date!(2026 - 11 - 21)))
        );
    }

    #[test]
    fn relative_days() {
        let cases = [
            ("hoy", date!(2026 - 11 - 20)),
            ("¿tienen hueco hoy?", date!(2026 - 11 - 20)),
            ("mañana", date!(2026 - 11 - 21)),
            ("MAÑANA a las 10", date!(2026 - 11 - 21)),
            ("manana por la manana", date!(2026 - 11 - 21)),
            ("mañana por la tarde", date!(2026 - 11 - 21)),
            ("pasado mañana", date!(2026 - 11 - 22)),
            ("pasado manana por la mañana", date!(2026 - 11 - 22)),
            ("esta tarde", date!(2026 - 11 - 20)),
            ("esta noche", date!(2026 - 11 - 20)),
            ("cancela la cita de mañana", date!(2026 - 11 - 21)),
            ("dentro de 3 días", date!(2026 - 11 - 23)),
            ("dentro de tres dias", date!(2026 - 11 - 23)),
            ("en 3 días", date!(2026 - 11 - 23)),
            ("en dos días", date!(2026 - 11 - 22)),
            ("dentro de quince días", date!(2026 - 12 - 5)),
            ("dentro de una semana", date!(2026 - 11 - 27)),
            ("en dos semanas", date!(2026 - 12 - 4)),
            ("today", date!(2026 - 11 - 20)),
            ("tonight", date!(2026 - 11 - 20)),
            ("tomorrow", date!(2026 - 11 - 21)),
            ("tmrw around 11", date!(2026 - 11 - 21)),
            ("tues 24th after work", date!(2026 - 11 - 24)),
            ("next thurs", date!(2026 - 11 - 26)),
            ("the day after tomorrow", date!(2026 - 11 - 22)),
            ("in 3 days", date!(2026 - 11 - 23)),
            ("in three days", date!(2026 - 11 - 23)),
            ("in a week", date!(2026 - 11 - 27)),
            ("this afternoon", date!(2026 - 11 - 20)),
        ];
        for (text, want) in cases {
            assert_eq!(day(text, FRI), Some(want), "{text:?}");
        }
    }

    #[test]
    fn time_of_day_words_are_not_tomorrow() {
        for text in [
            "por la mañana",
            "a las 10 de la mañana",
            "en la mañana",
            "hasta mañana!",
            "esta mañana no",
        ] {
            assert_eq!(parse_date(text, FRI), None, "{text:?}");
        }
        assert_eq!(day("esta mañana", FRI), Some(FRI));
    }

    #[test]
    fn weekdays_said_on_a_friday() {
        let cases = [
            ("el viernes", date!(2026 - 11 - 27)),
            ("viernes", date!(2026 - 11 - 27)),
            ("el próximo viernes", date!(2026 - 11 - 27)),
            ("el viernes que viene", date!(2026 - 11 - 27)),
            ("este viernes", date!(2026 - 11 - 20)),
            ("el sábado", date!(2026 - 11 - 21)),
            ("el sabado", date!(2026 - 11 - 21)),
            ("este sábado", date!(2026 - 11 - 21)),
            ("el lunes", date!(2026 - 11 - 23)),
            ("el lunnes", date!(2026 - 11 - 23)),
            ("el luens", date!(2026 - 11 - 23)),
            ("el jueves", date!(2026 - 11 - 26)),
            ("el miércoles", date!(2026 - 11 - 25)),
            ("el miercoles", date!(2026 - 11 - 25)),
            ("el mierclos", date!(2026 - 11 - 25)),
            ("el domingo por la tarde", date!(2026 - 11 - 22)),
            ("on friday", date!(2026 - 11 - 27)),
            ("next friday", date!(2026 - 11 - 27)),
            ("this friday", date!(2026 - 11 - 20)),
            ("next monday at 10", date!(2026 - 11 - 23)),
            ("el martes de la semana que viene", date!(2026 - 11 - 24)),
            ("la semana que viene, el martes", date!(2026 - 11 - 24)),
            ("el viernes 27", date!(2026 - 11 - 27)),
            ("el viernes 4 de diciembre", date!(2026 - 12 - 4)),
        ];
        for (text, want) in cases {
            assert_eq!(day(text, FRI), Some(want), "{text:?}");
        }
    }

    #[test]
    fn weekdays_said_on_a_tuesday() {
        let cases = [
            ("el viernes", date!(2026 - 11 - 27)),
            ("este viernes", date!(2026 - 11 - 27)),
            ("el martes", date!(2026 - 12 - 1)),
            ("este martes", date!(2026 - 11 - 24)),
            ("el lunes", date!(2026 - 11 - 30)),
            ("el viernes de la semana que viene", date!(2026 - 12 - 4)),
            ("wednesday", date!(2026 - 11 - 25)),
        ];
        for (text, want) in cases {
            assert_eq!(day(text, TUE), Some(want), "{text:?}");
        }
    }

    #[test]
    fn a_weekday_that_is_not_the_date_is_found_in_both_languages() {
        // On Friday 20 November 2026: the 10th of December is a Thursday.
        let cases = [
            (
                "el lunes 10",
                Weekday::Monday,
                date!(2026 - 12 - 10),
                date!(2026 - 12 - 7),
            ),
            (
                "quiero cita el martes 17 por la tarde",
                Weekday::Tuesday,
                date!(2026 - 12 - 17),
                date!(2026 - 12 - 15),
            ),
            (
                "el lunes 10 de diciembre",
                Weekday::Monday,
                date!(2026 - 12 - 10),
                date!(2026 - 12 - 7),
            ),
            (
                "el lunes día 10",
                Weekday::Monday,
                date!(2026 - 12 - 10),
                date!(2026 - 12 - 7),
            ),
            (
                "Monday the 14th of January",
                Weekday::Monday,
                date!(2027 - 1 - 14),
                date!(2027 - 1 - 11),
            ),
            (
                "monday january 14th",
                Weekday::Monday,
                date!(2027 - 1 - 14),
                date!(2027 - 1 - 11),
            ),
            // The same week's Monday has passed: the next one.
            (
                "el lunes 20",
                Weekday::Monday,
                date!(2026 - 11 - 20),
                date!(2026 - 11 - 23),
            ),
        ];
        for (text, said, date, weekday_date) in cases {
            assert_eq!(
                weekday_mismatch(text, FRI),
                Some(WeekdayMismatch {
                    said,
                    date,
                    weekday_date
                }),
                "{text:?}"
            );
        }
        for text in [
            "el jueves 10",
            "el viernes 27",
            "el lunes a las 10",
            "el lunes",
            "Thursday the 10th",
        ] {
            assert_eq!(weekday_mismatch(text, FRI), None, "{text:?}");
        }
        // Said in English with "the", the day is the date, not the next Monday.
        assert_eq!(
            day("Monday the 14th of January", FRI),
            Some(date!(2027 - 1 - 14))
        );
        assert_eq!(day("thursday the 10th", FRI), Some(date!(2026 - 12 - 10)));
    }

    #[test]
    fn calendar_dates() {
        let cases = [
            ("el 25 de noviembre", date!(2026 - 11 - 25)),
            ("el 25 de noviembre a las 10", date!(2026 - 11 - 25)),
            ("25 noviembre", date!(2026 - 11 - 25)),
            ("el veinticinco de noviembre", date!(2026 - 11 - 25)),
            ("el 1 de diciembre", date!(2026 - 12 - 1)),
            ("el 2 de enero", date!(2027 - 1 - 2)),
            ("el 10 de noviembre", date!(2026 - 11 - 10)),
            ("el 20 de noviembre", date!(2026 - 11 - 20)),
            ("el 25 de noviembre de 2027", date!(2027 - 11 - 25)),
            ("el día 3 de marzo", date!(2027 - 3 - 3)),
            ("el 5 de nov", date!(2026 - 11 - 5)),
            ("25/11", date!(2026 - 11 - 25)),
            ("25-11", date!(2026 - 11 - 25)),
            ("el 25/11 a las 10:30", date!(2026 - 11 - 25)),
            ("25/11/2026", date!(2026 - 11 - 25)),
            ("3/1/27", date!(2027 - 1 - 3)),
            ("1/11", date!(2026 - 11 - 1)),
            ("2026-12-24", date!(2026 - 12 - 24)),
            ("el 25", date!(2026 - 11 - 25)),
            ("el día 25", date!(2026 - 11 - 25)),
            ("el 20", date!(2026 - 11 - 20)),
            ("el 3", date!(2026 - 12 - 3)),
            ("el 25 a las 10", date!(2026 - 11 - 25)),
            ("november 25", date!(2026 - 11 - 25)),
            ("November 25th, 2026", date!(2026 - 11 - 25)),
            ("25 november", date!(2026 - 11 - 25)),
            ("the 25th of november", date!(2026 - 11 - 25)),
            ("on the 3rd", date!(2026 - 12 - 3)),
            ("dec 1", date!(2026 - 12 - 1)),
            ("el 3 de novienbre", date!(2026 - 11 - 3)),
            // Sixty days back is still this year's; sixty-one is next year's.
            ("el 21 de septiembre", date!(2026 - 9 - 21)),
            ("el 20 de septiembre", date!(2027 - 9 - 20)),
            ("¿el 24 abrís?", date!(2026 - 11 - 24)),
            ("el 3 de setpiembre", date!(2027 - 9 - 3)),
            ("el primero de diciembre", date!(2026 - 12 - 1)),
            ("el 1º de diciembre", date!(2026 - 12 - 1)),
            ("the first of december", date!(2026 - 12 - 1)),
            ("el treinta y uno de diciembre", date!(2026 - 12 - 31)),
            ("december thirty one", date!(2026 - 12 - 31)),
            ("friday the twenty seventh", date!(2026 - 11 - 27)),
            ("on the twenty first of december", date!(2026 - 12 - 21)),
            ("the fourth of december", date!(2026 - 12 - 4)),
        ];
        for (text, want) in cases {
            assert_eq!(day(text, FRI), Some(want), "{text:?}");
        }
    }

    #[test]
    fn bare_day_skips_months_without_it() {
        assert_eq!(day("el 31", FRI), Some(date!(2026 - 12 - 31)));
        assert_eq!(
            day("el 31", date!(2027 - 2 - 10)),
            Some(date!(2027 - 3 - 31))
        );
    }

    #[test]
    fn ranges() {
        assert_eq!(
            parse_date("la semana que viene", FRI),
            range(date!(2026 - 11 - 23), date!(2026 - 11 - 29))
        );
        assert_eq!(
            parse_date("la próxima semana", FRI),
            range(date!(2026 - 11 - 23), date!(2026 - 11 - 29))
        );
        assert_eq!(
            parse_date("next week", TUE),
            range(date!(2026 - 11 - 30), date!(2026 - 12 - 6))
        );
        assert_eq!(
            parse_date("esta semana", TUE),
            range(TUE, date!(2026 - 11 - 29))
        );
        assert_eq!(
            parse_date("este fin de semana", FRI),
            range(date!(2026 - 11 - 21), date!(2026 - 11 - 22))
        );
        assert_eq!(
            parse_date("el finde... digo el fin de semana", TUE),
            range(date!(2026 - 11 - 28), date!(2026 - 11 - 29))
        );
        assert_eq!(parse_date("este fin de semana", SUN), range(SUN, SUN));
        assert_eq!(
            parse_date("para el finde", FRI),
            range(date!(2026 - 11 - 21), date!(2026 - 11 - 22))
        );
        assert_eq!(
            parse_date("el fin de semana que viene", FRI),
            range(date!(2026 - 11 - 28), date!(2026 - 11 - 29))
        );
        assert_eq!(
            parse_date("this weekend", date!(2026 - 11 - 21)),
            range(date!(2026 - 11 - 21), date!(2026 - 11 - 22))
        );
        assert_eq!(
            parse_date("el mes que viene", FRI),
            range(date!(2026 - 12 - 1), date!(2026 - 12 - 31))
        );
        assert_eq!(
            parse_date("next month", date!(2026 - 12 - 5)),
            range(date!(2027 - 1 - 1), date!(2027 - 1 - 31))
        );
        let week = parse_date("la semana que viene", FRI).unwrap();
        assert!(week.contains(date!(2026 - 11 - 25)) && !week.contains(FRI));
        assert_eq!(week.day(), None);
        assert_eq!(
            (week.first(), week.last()),
            (date!(2026 - 11 - 23), date!(2026 - 11 - 29))
        );
    }

    #[test]
    fn the_first_accepted_date_wins() {
        assert_eq!(
            day("el viernes no, mejor el sábado", TUE),
            Some(date!(2026 - 11 - 28))
        );
        assert_eq!(
            day("hoy no puedo, mañana sí", FRI),
            Some(date!(2026 - 11 - 21))
        );
        assert_eq!(day("mañana o el lunes", FRI), Some(date!(2026 - 11 - 21)));
    }

    #[test]
    fn all_dates_in_order() {
        assert_eq!(
            parse_dates(
                "mi cita es el 3/12 a las 16:30, quiero cambiarla al 4/12",
                FRI
            ),
            [
                DateExpr::Day(date!(2026 - 12 - 3)),
                DateExpr::Day(date!(2026 - 12 - 4))
            ]
        );
        assert_eq!(
            parse_dates("el martes de la semana que viene o este fin de semana", FRI),
            [
                DateExpr::Day(date!(2026 - 11 - 24)),
                DateExpr::Range {
                    first: date!(2026 - 11 - 21),
                    last: date!(2026 - 11 - 22)
                }
            ]
        );
        assert_eq!(
            parse_dates("el viernes o si no la semana que viene", TUE),
            [
                DateExpr::Day(date!(2026 - 11 - 27)),
                DateExpr::Range {
                    first: date!(2026 - 11 - 30),
                    last: date!(2026 - 12 - 6)
                }
            ]
        );
        assert_eq!(
            parse_dates("el jueves no, el viernes", TUE),
            [DateExpr::Day(date!(2026 - 11 - 27))]
        );
        assert_eq!(parse_dates("sin fecha", TUE), []);
    }

    #[test]
    fn no_false_dates() {
        for text in [
            "el corte cuesta 25 €",
            "cuesta 25€",
            "el 25 €",
            "son 25 euros",
            "a las 10",
            "a las 10:30",
            "10.30",
            "el 5 de la tarde",
            "mi teléfono es 612 345 678",
            "612-345-678",
            "somos 2 personas",
            "el 40",
            "el 29 de febrero",
            "el 31 de febrero",
            "32/11",
            "25/13",
            "hola buenos días",
            "buenas tardes",
            "may I book",
            "quiero una cita",
            "",
        ] {
            assert_eq!(parse_date(text, FRI), None, "{text:?}");
        }
    }

    #[test]
    fn years_outside_the_business_s_are_not_dates() {
        for text in [
            "el 31/12/9999",
            "9999-12-31",
            "1/1/0000",
            "0000-01-01",
            "31/12/1999",
            "1/1/2101",
        ] {
            assert_eq!(parse_date(text, FRI), None, "{text:?}");
        }
        assert_eq!(day("31/12/2100", FRI), Some(date!(2100 - 12 - 31)));
        assert_eq!(day("1/1/2000", FRI), Some(date!(2000 - 01 - 01)));
    }

    #[test]
    fn nothing_overflows_at_the_calendar_s_ends() {
        let texts = [
            "hoy",
            "mañana",
            "pasado mañana",
            "the day after tomorrow",
            "dentro de 60 semanas",
            "el viernes",
            "el viernes que viene",
            "el lunes de la semana que viene",
            "la semana que viene",
            "esta semana",
            "el fin de semana",
            "el fin de semana que viene",
            "el mes que viene",
            "este mes",
            "el 2 de enero",
            "el 25",
            "25/11",
            "el 31 de diciembre",
        ];
        for today in [Date::MIN, Date::MAX] {
            for text in texts {
                // Whatever it reads, it reads without panicking; a day past the end is none.
                let _ = parse_dates(text, today);
            }
        }
        assert_eq!(parse_date("mañana", Date::MAX), None);
        assert_eq!(day("hoy", Date::MAX), Some(Date::MAX));
    }
}
