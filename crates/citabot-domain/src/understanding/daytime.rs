//! Times of day as visitors say them: an exact clock time, or a part of the day.
//!
//! Only marked numbers are times: "a las 10", "at 5", "10:30", "10.30", "10h", "5pm", "5 de la
//! tarde". A bare number is never a time, so in "el 25 de noviembre a las 10" the 25 stays a day,
//! and `25/11` (a slash) is never read as a time. A clock time with a dot followed by "euros" is
//! a price.
//!
//! A range of start times reads from "entre las 5 y las 7", "de 10 a 12", "between 5 and 7"
//! (a bare number is enough there, the frame marks it), unless euros, people or days follow.
//!
//! "A las 5" could be 05:00 or 17:00: the reading is returned as said with
//! `ambiguous_half_day: true`, and [`resolve_in_hours`] picks the reading inside the business's
//! opening hours. A qualifier ("de la tarde", "pm", "por la tarde" anywhere in the message), a
//! 24-hour clock ("17:00") or a leading zero ("08:00") settles it. Twelve is noon.

use super::lexicon;
use super::normalize::{normalize, number_at, tokens};

/// A time the visitor named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeExpr {
    /// A clock time, in minutes after midnight.
    At {
        /// Minutes after midnight, as said (05:00 for an unqualified "a las 5").
        minutes: u16,
        /// True when the hour was said without morning/afternoon and could be twelve hours
        /// later (1 to 11 without a qualifier).
        ambiguous_half_day: bool,
    },
    /// A range of start times: "entre las 5 y las 7", "de 10 a 12". Open ranges run from
    /// midnight ("antes de las 11": `from` 0) or to the end of the day ("después de las 5",
    /// "a partir de las 5": `to` 1440).
    Between {
        /// The earliest start, minutes after midnight, as said.
        from: u16,
        /// The latest start, minutes after midnight, as said.
        to: u16,
        /// True when neither end said which half of the day (see [`TimeExpr::At`]); both ends
        /// then move together (an open range keeps its open end).
        ambiguous_half_day: bool,
    },
    /// A part of the day rather than a time.
    Part(DayPart),
}

/// A part of the day, whose hours depend on the business (see [`DayPart::window`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayPart {
    /// "por la mañana", "in the morning": until 14:00.
    Morning,
    /// "por la tarde", "in the afternoon": 14:00 to 20:00 (Spanish afternoons run late).
    Afternoon,
    /// "por la noche", "in the evening", "tonight": from 20:00.
    Evening,
    /// "después de comer", "after lunch": from 15:00, when Spanish lunch is over.
    AfterLunch,
    /// "a primera hora", "first thing": the first hour the business is open.
    FirstThing,
    /// "a última hora", "last thing": the last hour the business is open.
    LastThing,
    /// "a media mañana", "mid-morning": 10:00 to 12:00.
    MidMorning,
    /// "a última hora de la mañana", "late morning": the hour before 14:00.
    LateMorning,
    /// "a primera hora de la tarde", "early afternoon": 14:00 to 16:00.
    EarlyAfternoon,
    /// "a media tarde", "mid-afternoon": 16:00 to 18:00.
    MidAfternoon,
}

impl DayPart {
    /// The minutes `[start, end)` this part covers within opening hours `[open_min, close_min)`,
    /// or `None` when the business is closed during all of it.
    pub fn window(self, open_min: u16, close_min: u16) -> Option<(u16, u16)> {
        let (start, end) = match self {
            DayPart::Morning => (0, 14 * 60),
            DayPart::Afternoon => (14 * 60, 20 * 60),
            DayPart::Evening => (20 * 60, 24 * 60),
            DayPart::AfterLunch => (15 * 60, 24 * 60),
            DayPart::FirstThing => (open_min, open_min.saturating_add(60)),
            DayPart::LastThing => (close_min.saturating_sub(60), close_min),
            DayPart::MidMorning => (10 * 60, 12 * 60),
            DayPart::LateMorning => (13 * 60, 14 * 60),
            DayPart::EarlyAfternoon => (14 * 60, 16 * 60),
            DayPart::MidAfternoon => (16 * 60, 18 * 60),
        };
        let (start, end) = (start.max(open_min), end.min(close_min));
        (start < end).then_some((start, end))
    }
}

/// A [`TimeExpr`] read against opening hours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResolvedTime {
    /// One start time, minutes after midnight.
    Exact(u16),
    /// Any start in `[start, end)`, minutes after midnight.
    Window {
        /// First minute of the window.
        start: u16,
        /// End of the window (excluded).
        end: u16,
    },
}

/// Reads `expr` against opening hours `[open_min, close_min)`.
///
/// A range becomes its window within the hours (`None` if none of it is open), both ends moved
/// to the afternoon together when its start reads better there.
///
/// An ambiguous hour takes the reading inside the hours ("a las 8" with 09:00–21:00 is 20:00,
/// "a las 10" is 10:00); when both readings fit, or neither, 1 to 7 are read as afternoon
/// (nobody books a haircut at 5 a.m.) and 8 to 11 as said, so the caller can answer that the
/// business is closed then ("el sábado a las 5": 17:00). A part of the day becomes its window, or
/// `None` when the business is closed all of it.
pub fn resolve_in_hours(expr: TimeExpr, open_min: u16, close_min: u16) -> Option<ResolvedTime> {
    match expr {
        TimeExpr::At {
            minutes,
            ambiguous_half_day: false,
        } => Some(ResolvedTime::Exact(minutes)),
        TimeExpr::At {
            minutes,
            ambiguous_half_day: true,
        } => {
            let shift = if reads_later(minutes, open_min, close_min) {
                12 * 60
            } else {
                0
            };
            Some(ResolvedTime::Exact(minutes + shift))
        }
        TimeExpr::Between {
            from,
            to,
            ambiguous_half_day,
        } => {
            let reading = Reading {
                from,
                to: Some(to),
                ambiguous: ambiguous_half_day,
            };
            // An open range is judged by its said end: "antes de las 7" by the 7.
            let said = if from == 0 { to } else { from };
            let reading = if ambiguous_half_day && reads_later(said, open_min, close_min) {
                reading.later_half()
            } else {
                reading
            };
            let (start, end) = (
                reading.from.max(open_min),
                reading.to.unwrap_or(to).min(close_min),
            );
            (start < end).then_some(ResolvedTime::Window { start, end })
        }
        TimeExpr::Part(part) => part
            .window(open_min, close_min)
            .map(|(start, end)| ResolvedTime::Window { start, end }),
    }
}

/// Whether an ambiguous time reads better twelve hours later (see [`resolve_in_hours`]).
fn reads_later(minutes: u16, open_min: u16, close_min: u16) -> bool {
    let later = minutes + 12 * 60;
    let open = |m: u16| open_min <= m && m < close_min;
    match (open(minutes), open(later)) {
        // Both open, or both closed (the caller says closed then): 1 to 7 mean the afternoon.
        (true, true) | (false, false) => minutes < 8 * 60,
        (false, true) => true,
        (true, false) => false,
    }
}

/// Finds the time in a message: the first exact time or range of times, settled by any part of
/// the day also said ("a las 5, por la tarde" is 17:00); otherwise the first part of the day. `None` when the
/// message names no time.
/// "lo antes posible", "el primer hueco", "ahorita", "asap", "first available": the first free
/// time, whatever the day.
pub fn soonest_asked(text: &str) -> bool {
    let normalized = normalize(text);
    let words = tokens(&normalized);
    lexicon::says(|l| l.soonest, &words)
}

pub fn parse_time(text: &str) -> Option<TimeExpr> {
    let normalized = normalize(text);
    parse_time_tokens(&tokens(&normalized))
}

pub(crate) fn parse_time_tokens(t: &[&str]) -> Option<TimeExpr> {
    let mut exact: Option<Reading> = None;
    let mut part: Option<DayPart> = None;
    let mut i = 0;
    while i < t.len() {
        if let Some((reading, used)) = between_at(t, i).or_else(|| open_range_at(t, i)) {
            exact = exact.or(Some(reading));
            i += used;
        } else if let Some(((minutes, ambiguous), used)) = exact_at(t, i) {
            exact = exact.or(Some(Reading {
                from: minutes,
                to: None,
                ambiguous,
            }));
            i += used;
        } else if let Some((p, used)) = part_at(t, i) {
            part = part.or(Some(p));
            i += used;
        } else {
            i += 1;
        }
    }
    match (exact, part) {
        (Some(mut r), Some(p))
            if r.ambiguous && !matches!(p, DayPart::FirstThing | DayPart::LastThing) =>
        {
            if !matches!(
                p,
                DayPart::Morning | DayPart::MidMorning | DayPart::LateMorning
            ) {
                r = r.later_half();
            }
            r.ambiguous = false;
            Some(r.expr())
        }
        (Some(r), _) => Some(r.expr()),
        (None, Some(p)) => Some(TimeExpr::Part(p)),
        (None, None) => None,
    }
}

/// An exact time or a range of them, before it becomes a [`TimeExpr`].
#[derive(Debug, Clone, Copy)]
struct Reading {
    from: u16,
    to: Option<u16>,
    ambiguous: bool,
}

impl Reading {
    /// The same reading twelve hours later. An open range keeps its open end: "antes de las 7"
    /// becomes before 19:00, still from midnight.
    fn later_half(self) -> Reading {
        let shift = |m: u16| m + 12 * 60;
        let (from, to) = match self.to {
            None => (shift(self.from), None),
            Some(to) if self.from == 0 => (0, Some(shift(to))),
            Some(to) if to == 24 * 60 => (shift(self.from), Some(to)),
            Some(to) => (shift(self.from), Some(shift(to))),
        };
        Reading { from, to, ..self }
    }

    fn expr(self) -> TimeExpr {
        match self.to {
            None => TimeExpr::At {
                minutes: self.from,
                ambiguous_half_day: self.ambiguous,
            },
            Some(to) => TimeExpr::Between {
                from: self.from,
                to,
                ambiguous_half_day: self.ambiguous,
            },
        }
    }
}

/// A range of times: "entre las 5 y las 7", "de 10 a 12", "desde las 4 hasta las 6", "between
/// 5 and 7 pm", "from 10 to 12". A qualifier on one end settles the other ("de 5 a 7 de la
/// tarde" is 17:00–19:00), and an end before the start is in the afternoon ("de 10 a 2").
fn between_at(t: &[&str], i: usize) -> Option<(Reading, usize)> {
    if !matches!(t[i], "entre" | "de" | "desde" | "between" | "from") {
        return None;
    }
    // The first link word with a time on each side; the start is read only up to the link, so
    // the "y" of "entre 5 y 7" is not taken for minutes ("5 y 7" would be 05:07).
    let (((from, from_open), link), ((mut to, to_open), used_to)) =
        (i + 2..t.len()).find_map(|link| {
            if !matches!(
                t[link],
                "a" | "y" | "hasta" | "and" | "to" | "until" | "till"
            ) {
                return None;
            }
            let (from, used) = range_end_at(&t[..link], i + 1)?;
            (i + 1 + used == link).then_some(())?;
            Some(((from, link), range_end_at(t, link + 1)?))
        })?;
    let end = link + 1 + used_to;
    if counts_something(t.get(end).copied()) {
        return None;
    }
    let mut from = from;
    if from_open && !to_open && to >= 12 * 60 && from + 12 * 60 <= to {
        from += 12 * 60;
    }
    if to <= from && to + 12 * 60 > from && (to_open || to < 12 * 60) {
        to += 12 * 60;
    }
    (from < to && to <= 24 * 60).then_some((
        Reading {
            from,
            to: Some(to),
            ambiguous: from_open && to_open,
        },
        end - i,
    ))
}

/// Whether the word after a number shows it counts money, people or time spans, not hours.
fn counts_something(next: Option<&str>) -> bool {
    matches!(
        next,
        Some(
            "euros"
                | "euro"
                | "eur"
                | "e"
                | "personas"
                | "minutos"
                | "min"
                | "dias"
                | "semanas"
                | "horas"
                | "minutes"
                | "days"
                | "weeks"
                | "hours"
                | "people"
        )
    )
}

/// An open range: "antes de las 11", "hasta las 2", "before 11" run from midnight (`from` 0);
/// "después de las 5", "a partir de las 5", "desde las 4", "after 5", "from 10 on" run to the end
/// of the day (`to` 24:00).
fn open_range_at(t: &[&str], i: usize) -> Option<(Reading, usize)> {
    let (before, skip) = match (t[i], t.get(i + 1).copied(), t.get(i + 2).copied()) {
        ("antes", Some("de"), _) => (true, 2),
        ("before" | "hasta" | "until" | "till", _, _) => (true, 1),
        ("despues", Some("de"), _) => (false, 2),
        ("a", Some("partir"), Some("de")) => (false, 3),
        ("desde" | "after" | "from", _, _) => (false, 1),
        _ => return None,
    };
    let ((minutes, ambiguous), used) = range_end_at(t, i + skip)?;
    let mut end = i + skip + used;
    if counts_something(t.get(end).copied()) {
        return None;
    }
    if matches!(t.get(end), Some(&"on" | &"onwards" | &"en" | &"adelante")) {
        end += 1 + usize::from(t.get(end) == Some(&"en"));
    }
    let reading = if before {
        Reading {
            from: 0,
            to: Some(minutes),
            ambiguous,
        }
    } else {
        Reading {
            from: minutes,
            to: Some(24 * 60),
            ambiguous,
        }
    };
    Some((reading, end - i))
}

/// One end of a range: a marked time ("las 5", "5:30", "5pm") or a bare hour ("10").
fn range_end_at(t: &[&str], i: usize) -> Option<((u16, bool), usize)> {
    if let Some(found) = exact_at(t, i) {
        return Some(found);
    }
    let w = *t.get(i)?;
    if !w.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let clock = clock_token(w)?;
    with_clock(t, i, &clock, 1)
}

/// A part of the day starting at `t[i]`, and how many tokens it takes.
/// A word naming a day: "hoy", "mañana", "pasado" (mañana), a weekday.
fn is_day_word(word: &str) -> bool {
    matches!(
        word,
        "hoy"
            | "manana"
            | "lunes"
            | "martes"
            | "miercoles"
            | "jueves"
            | "viernes"
            | "sabado"
            | "domingo"
    )
}

fn part_at(t: &[&str], i: usize) -> Option<(DayPart, usize)> {
    let w = *t.get(i)?;
    let next = t.get(i + 1).copied();
    let has = |words: &[&str]| {
        words
            .iter()
            .enumerate()
            .all(|(k, word)| t.get(i + k) == Some(word))
    };
    let of_day = |word: &str| {
        lexicon::all(|l| l.day_parts_after_la)
            .find(|(said, _)| *said == word)
            .map(|(_, part)| *part)
    };
    // "por la mañana", "de la tarde", "en la noche", "a la tarde", "esta tarde"; "x la tarde"
    // as a phone writes "por".
    if matches!(w, "por" | "x" | "de" | "en" | "a")
        && next == Some("la")
        && let Some(p) = t.get(i + 2).and_then(|x| of_day(x))
    {
        return Some((p, 3));
    }
    if w == "esta"
        && let Some(p) = next.and_then(of_day)
    {
        return Some((p, 2));
    }
    // "mañana tarde", "el lunes noche", "hoy tarde": a day and then its part, as typed in a
    // hurry ("mañana mañana" too); the day itself is the date's to read.
    if is_day_word(w)
        && let Some(p) = next.and_then(of_day)
    {
        return Some((p, 2));
    }
    // "good morning" is a greeting, not a time.
    if i > 0 && t[i - 1] == "good" {
        return None;
    }
    if let Some((_, part)) = lexicon::all(|l| l.day_parts_alone).find(|(said, _)| *said == w) {
        return Some((*part, 1));
    }
    // First match wins: the lexicons list a phrase before any it starts with.
    lexicon::all(|l| l.day_part_phrases)
        .find(|(words, _)| has(words))
        .map(|(words, part)| (*part, words.len()))
}

/// An exact time starting at `t[i]`: the minutes, whether the half of the day is open, and how
/// many tokens it takes.
fn exact_at(t: &[&str], i: usize) -> Option<((u16, bool), usize)> {
    // A range's far end may be asked for past the last word ("de 10 a").
    let w = *t.get(i)?;
    let fixed = |minutes: u16, used: usize| Some(((minutes, false), used));
    match w {
        "mediodia" | "noon" => return fixed(12 * 60, 1),
        "medio" if t.get(i + 1) == Some(&"dia") => return fixed(12 * 60, 2),
        "medianoche" | "midnight" => return fixed(0, 1),
        _ => {}
    }
    // "half past 5", "quarter past 5", "quarter to 5".
    let english_offset = match (w, t.get(i + 1).copied()) {
        ("half", Some("past")) => Some(30),
        ("quarter", Some("past")) => Some(15),
        ("quarter", Some("to")) => Some(-15),
        _ => None,
    };
    if let Some(offset) = english_offset
        && let Some((h, used)) = number_at(t, i + 2).filter(|&(h, _)| (1..=12).contains(&h))
    {
        let (minutes, used_after, settled) = qualify(t, i + 2 + used, h as u16, 0);
        let minutes = (i32::from(minutes) + offset).rem_euclid(24 * 60) as u16;
        return Some(((minutes, !settled && h < 12), 2 + used + used_after));
    }
    // "half 4": British for half past four.
    if w == "half"
        && let Some((h, used)) = number_at(t, i + 1).filter(|&(h, _)| (1..=12).contains(&h))
    {
        let (minutes, used_after, settled) = qualify(t, i + 1 + used, h as u16, 30);
        return Some(((minutes, !settled && h < 12), 1 + used + used_after));
    }

    // A clock token that stands on its own: "10:30", "10.30", "10h", "10h30", "5pm", "08:00".
    if let Some(clock) = clock_token(w)
        && (clock.minutes.is_some() || !clock.suffix.is_empty())
    {
        if clock.suffix.is_empty()
            && w.contains('.')
            && matches!(t.get(i + 1), Some(&"euros" | &"euro" | &"eur" | &"e"))
        {
            return None;
        }
        return with_clock(t, i, &clock, 1);
    }
    // A marked hour: "a las 10", "las cinco", "a la una", "at 5", "at 5:30", "around 5".
    if matches!(w, "las" | "la" | "at" | "around" | "sobre" | "hacia") {
        let (hour_at, clock) = (i + 1, t.get(i + 1).and_then(|x| clock_token(x)));
        if let Some(clock) = clock.filter(|c| w != "la" || c.hour == 1) {
            return with_clock(t, hour_at, &clock, 2);
        }
        if let Some((h, used)) = number_at(t, hour_at).filter(|&(h, _)| h <= 24)
            && !(w == "la" && h != 1)
        {
            let clock = Clock {
                hour: h as u16,
                minutes: None,
                suffix: "",
                leading_zero: false,
            };
            return with_clock(t, hour_at + used - 1, &clock, 1 + used);
        }
    }
    // "5 de la tarde", "5 pm", "5 p m" without a marker.
    if let Some((h, used)) = number_at(t, i).filter(|&(h, _)| (1..=12).contains(&h)) {
        let rest = &t[i + used..];
        let qualified = matches!(
            rest,
            ["de", "la", "tarde" | "manana" | "noche" | "madrugada", ..]
        ) || matches!(rest, ["pm" | "am", ..] | ["p" | "a", "m", ..]);
        if qualified {
            let clock = Clock {
                hour: h as u16,
                minutes: None,
                suffix: "",
                leading_zero: false,
            };
            return with_clock(t, i + used - 1, &clock, used);
        }
    }
    None
}

/// One token read as a clock: the hour, minutes if written, and any attached suffix.
#[derive(Debug)]
struct Clock<'a> {
    hour: u16,
    minutes: Option<u16>,
    suffix: &'a str,
    leading_zero: bool,
}

fn clock_token(w: &str) -> Option<Clock<'_>> {
    let core_len = w.trim_end_matches(|c: char| c.is_ascii_alphabetic()).len();
    let (core, suffix) = w.split_at(core_len);
    // "10h30"
    if let Some((h, m)) = w.split_once('h')
        && !h.is_empty()
        && m.len() == 2
        && h.len() <= 2
        && h.bytes().chain(m.bytes()).all(|b| b.is_ascii_digit())
    {
        return clock(h, Some(m), "");
    }
    // "5ish": about five, as precise as people are.
    if !matches!(suffix, "" | "h" | "hs" | "hrs" | "pm" | "am" | "ish") {
        return None;
    }
    match core.split_once([':', '.']) {
        Some((h, m)) if m.len() == 2 => clock(h, Some(m), suffix),
        Some(_) => None,
        None => clock(core, None, suffix),
    }
}

fn clock<'a>(h: &str, m: Option<&str>, suffix: &'a str) -> Option<Clock<'a>> {
    if h.is_empty() || h.len() > 2 || !h.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let hour: u16 = h.parse().ok()?;
    let minutes = match m {
        Some(m) if m.bytes().all(|b| b.is_ascii_digit()) => Some(m.parse().ok()?),
        Some(_) => return None,
        None => None,
    };
    let valid = hour <= 24 && minutes.is_none_or(|m| m < 60);
    valid.then_some(Clock {
        hour,
        minutes,
        suffix,
        leading_zero: h.len() == 2 && h.starts_with('0'),
    })
}

/// Completes a clock read at `t[at]` with what follows ("y media", "de la tarde", "pm"); `used`
/// counts the tokens up to and including `t[at]` from the match start.
fn with_clock(
    t: &[&str],
    at: usize,
    clock: &Clock<'_>,
    used: usize,
) -> Option<((u16, bool), usize)> {
    let hour = clock.hour;
    let (mut minutes, mut used_after, mut settled) = if let Some(m) = clock.minutes {
        let (minutes, extra, settled) = qualify(t, at + 1, hour, m);
        (minutes, extra, settled)
    } else {
        let (m, offset_used) = minute_offset(t, at + 1);
        let (minutes, extra, settled) = qualify(t, at + 1 + offset_used, hour, 0);
        let minutes = (i32::from(minutes) + m).rem_euclid(24 * 60) as u16;
        (minutes, offset_used + extra, settled)
    };
    match clock.suffix {
        "pm" if hour < 12 => {
            minutes += 12 * 60;
            settled = true;
        }
        "am" if hour == 12 => {
            minutes -= 12 * 60;
            settled = true;
        }
        "am" | "pm" => settled = true,
        _ => {}
    }
    if minutes >= 24 * 60 {
        minutes -= 24 * 60;
    }
    // "10:30" with minutes written still half-day ambiguous; "08:00" and "17:00" are not.
    let ambiguous = !settled && !clock.leading_zero && (1..=11).contains(&hour);
    used_after += used;
    Some(((minutes, ambiguous), used_after))
}

/// "y media", "y cuarto", "menos cuarto", "y 10", "menos diez", "en punto": minutes to add and
/// tokens used.
fn minute_offset(t: &[&str], at: usize) -> (i32, usize) {
    match (t.get(at).copied(), t.get(at + 1).copied()) {
        (Some("y"), Some("media")) => (30, 2),
        (Some("y"), Some("cuarto")) => (15, 2),
        (Some("menos"), Some("cuarto")) => (-15, 2),
        (Some("en"), Some("punto")) => (0, 2),
        (Some(sign @ ("y" | "menos")), Some(_)) => match number_at(t, at + 1) {
            Some((n, used)) if (1..60).contains(&n) => {
                let n = n as i32;
                (if sign == "y" { n } else { -n }, 1 + used)
            }
            _ => (0, 0),
        },
        // "ten thirty", "nine forty five": English says the minutes straight after the hour.
        (Some("ten" | "fifteen" | "twenty" | "thirty" | "forty" | "fifty"), _) => {
            match number_at(t, at) {
                Some((n, used)) if (10..60).contains(&n) => (n as i32, used),
                _ => (0, 0),
            }
        }
        _ => (0, 0),
    }
}

/// Applies a half-of-day qualifier after the time: returns the minutes after midnight, tokens
/// used, and whether the half of the day is now settled.
fn qualify(t: &[&str], at: usize, hour: u16, minute: u16) -> (u16, usize, bool) {
    let base = hour % 24 * 60 + minute;
    let rest = t.get(at..).unwrap_or_default();
    let (shift, used): (Option<i32>, usize) = match rest {
        ["de", "la", "tarde", ..] => (Some(if (1..12).contains(&hour) { 12 } else { 0 }), 3),
        ["de", "la", "noche", ..] => (
            Some(match hour {
                6..=11 => 12,
                12 => -12,
                _ => 0,
            }),
            3,
        ),
        ["de", "la", "manana" | "madrugada", ..] => (Some(if hour == 12 { -12 } else { 0 }), 3),
        ["in", "the", "afternoon" | "evening", ..] => {
            (Some(if (1..12).contains(&hour) { 12 } else { 0 }), 3)
        }
        ["in", "the", "morning", ..] => (Some(if hour == 12 { -12 } else { 0 }), 3),
        ["pm", ..] => (Some(if hour < 12 { 12 } else { 0 }), 1),
        ["am", ..] => (Some(if hour == 12 { -12 } else { 0 }), 1),
        ["p", "m", ..] => (Some(if hour < 12 { 12 } else { 0 }), 2),
        ["a", "m", ..] => (Some(if hour == 12 { -12 } else { 0 }), 2),
        ["h" | "hs" | "hrs" | "horas", ..] => (None, 1),
        _ => (None, 0),
    };
    match shift {
        Some(s) => (
            (i32::from(base) + s * 60).rem_euclid(24 * 60) as u16,
            used,
            true,
        ),
        None => (base, used, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(h: u16, m: u16, ambiguous: bool) -> Option<TimeExpr> {
        Some(TimeExpr::At {
            minutes: h * 60 + m,
            ambiguous_half_day: ambiguous,
        })
    }

    fn part(p: DayPart) -> Option<TimeExpr> {
        Some(TimeExpr::Part(p))
    }

    /// A range whose far end is missing ("de 10 a", the message cut there) reads what it can
    /// and never looks past the last word (it once did, and panicked).
    #[test]
    fn a_range_cut_short_is_read_without_looking_past_the_end() {
        for said in ["de 10 a", "entre las 5 y", "from 10 to", "de 5 a 7 a", "a"] {
            let _ = parse_time(said);
        }
    }

    #[test]
    fn exact_times() {
        let cases = [
            ("a las 10", at(10, 0, true)),
            ("a las 17", at(17, 0, false)),
            ("10:30", at(10, 30, true)),
            ("10.30", at(10, 30, true)),
            ("a las 10.30h", at(10, 30, true)),
            ("17:00", at(17, 0, false)),
            ("08:00", at(8, 0, false)),
            ("10h", at(10, 0, true)),
            ("18h", at(18, 0, false)),
            ("10h30", at(10, 30, true)),
            ("a las 5 de la tarde", at(17, 0, false)),
            ("a las cinco de la tarde", at(17, 0, false)),
            ("5 de la tarde", at(17, 0, false)),
            ("a las 9 de la noche", at(21, 0, false)),
            ("a las 12 de la noche", at(0, 0, false)),
            ("a las 10 de la mañana", at(10, 0, false)),
            ("a las 10 y media", at(10, 30, true)),
            ("a las diez y media", at(10, 30, true)),
            ("a las 11 menos cuarto", at(10, 45, true)),
            ("a las 4 y cuarto", at(4, 15, true)),
            ("a las 5 y 10 de la tarde", at(17, 10, false)),
            ("a las seis menos diez", at(5, 50, true)),
            ("a la una", at(1, 0, true)),
            ("a la una y media de la tarde", at(13, 30, false)),
            ("a las doce", at(12, 0, false)),
            ("a las 10 en punto", at(10, 0, true)),
            ("sobre las 6", at(6, 0, true)),
            ("mediodía", at(12, 0, false)),
            ("a mediodia", at(12, 0, false)),
            ("a medio día", at(12, 0, false)),
            ("at 5pm", at(17, 0, false)),
            ("at 5 pm", at(17, 0, false)),
            ("5:30 pm", at(17, 30, false)),
            ("5:30pm", at(17, 30, false)),
            ("at 5 p.m.", at(17, 0, false)),
            ("at 9am", at(9, 0, false)),
            ("12am", at(0, 0, false)),
            ("12pm", at(12, 0, false)),
            ("at 5", at(5, 0, true)),
            ("at five", at(5, 0, true)),
            ("at noon", at(12, 0, false)),
            ("half past 4", at(4, 30, true)),
            ("quarter to 5 pm", at(16, 45, false)),
            ("midnight", at(0, 0, false)),
            // Dictated.
            ("at ten thirty in the morning", at(10, 30, false)),
            ("at four forty five in the afternoon", at(16, 45, false)),
            ("at nine fifteen", at(9, 15, true)),
            ("tmrw at half 4", at(4, 30, true)),
            ("arvo, 5ish", at(17, 0, false)),
            ("half 5 pm", at(17, 30, false)),
        ];
        for (text, want) in cases {
            assert_eq!(parse_time(text), want, "{text:?}");
        }
    }

    /// A part of the day inside the business's hours: mid-morning 10:00–12:00 (the hours a
    /// Spaniard means), late morning the last hour before 14:00, early afternoon the first
    /// two hours of the afternoon, mid-afternoon 16:00–18:00.
    #[test]
    fn finer_parts_of_the_day_have_windows() {
        let open = 9 * 60;
        let close = 20 * 60;
        assert_eq!(DayPart::MidMorning.window(open, close), Some((600, 720)));
        assert_eq!(DayPart::LateMorning.window(open, close), Some((780, 840)));
        assert_eq!(
            DayPart::EarlyAfternoon.window(open, close),
            Some((840, 960))
        );
        assert_eq!(DayPart::MidAfternoon.window(open, close), Some((960, 1080)));
        // A salon opening at 11 has no mid-morning before 11.
        assert_eq!(DayPart::MidMorning.window(11 * 60, close), Some((660, 720)));
        assert_eq!(DayPart::MidMorning.window(13 * 60, close), None);
    }

    #[test]
    fn parts_of_the_day() {
        let cases = [
            ("por la mañana", DayPart::Morning),
            ("mañana por la mañana", DayPart::Morning),
            ("esta mañana", DayPart::Morning),
            ("por la tarde", DayPart::Afternoon),
            ("el viernes por la tarde", DayPart::Afternoon),
            ("el juebes x la tarde", DayPart::Afternoon),
            ("esta tarde", DayPart::Afternoon),
            ("por la noche", DayPart::Evening),
            ("después de comer", DayPart::AfterLunch),
            ("a primera hora", DayPart::FirstThing),
            ("a última hora", DayPart::LastThing),
            ("in the morning", DayPart::Morning),
            ("tomorrow afternoon", DayPart::Afternoon),
            ("in the evening", DayPart::Evening),
            ("after lunch", DayPart::AfterLunch),
            ("first thing", DayPart::FirstThing),
            ("a media mañana", DayPart::MidMorning),
            ("el jueves que viene a media mañana", DayPart::MidMorning),
            ("mid-morning", DayPart::MidMorning),
            ("a última hora de la mañana", DayPart::LateMorning),
            ("a ultima hora de la manana", DayPart::LateMorning),
            ("a primera hora de la tarde", DayPart::EarlyAfternoon),
            ("a media tarde", DayPart::MidAfternoon),
            ("late morning", DayPart::LateMorning),
            ("early afternoon", DayPart::EarlyAfternoon),
        ];
        for (text, want) in cases {
            assert_eq!(parse_time(text), part(want), "{text:?}");
        }
    }

    fn between(from: u16, to: u16, ambiguous: bool) -> Option<TimeExpr> {
        Some(TimeExpr::Between {
            from,
            to,
            ambiguous_half_day: ambiguous,
        })
    }

    #[test]
    fn ranges_of_times() {
        let cases = [
            ("entre las 5 y las 7", between(300, 420, true)),
            ("entre 5 y 7", between(300, 420, true)),
            ("de 10 a 12", between(600, 720, false)),
            ("de 10:00 a 12:30", between(600, 750, false)),
            ("desde las 4 hasta las 6", between(240, 360, true)),
            ("de 5 a 7 de la tarde", between(17 * 60, 19 * 60, false)),
            ("de 10 a 2", between(600, 840, true)),
            ("de 16 a 18h", between(16 * 60, 18 * 60, false)),
            ("entre las 5 y media y las 7", between(330, 420, true)),
            (
                "entre las 5 y las 7, por la tarde",
                between(17 * 60, 19 * 60, false),
            ),
            ("between 5 and 7 pm", between(17 * 60, 19 * 60, false)),
            ("from 10 to 12", between(600, 720, false)),
            ("mañana de 9 a 11", between(540, 660, true)),
        ];
        for (text, want) in cases {
            assert_eq!(parse_time(text), want, "{text:?}");
        }
        for text in [
            "de 10 a 15 euros",
            "de 2 a 3 personas",
            "dentro de 3 días",
            "de 3 a 5 días",
            "entre semana",
            "de 30 a 40",
        ] {
            assert_eq!(parse_time(text), None, "{text:?}");
        }
        let open_ranges = [
            ("antes de las 11", between(0, 660, true)),
            ("hasta las 2 de la tarde", between(0, 14 * 60, false)),
            ("before noon", between(0, 720, false)),
            ("después de las 5", between(300, 1440, true)),
            ("a partir de las 17:30", between(17 * 60 + 30, 1440, false)),
            ("desde las 4 en adelante", between(240, 1440, true)),
            ("after 6pm", between(18 * 60, 1440, false)),
            ("from 10 on", between(600, 1440, true)),
            ("por la tarde, antes de las 7", between(0, 19 * 60, false)),
            (
                "por la tarde después de las 5",
                between(17 * 60, 1440, false),
            ),
        ];
        for (text, want) in open_ranges {
            assert_eq!(parse_time(text), want, "{text:?}");
        }
        for text in [
            "hasta 3 personas",
            "después de 3 días",
            "a partir de mañana",
            "desde 2020",
        ] {
            assert_eq!(parse_time(text), None, "{text:?}");
        }
        assert_eq!(parse_time("después de comer"), part(DayPart::AfterLunch));
        let (open, close) = (9 * 60, 21 * 60);
        let window = |text: &str| resolve_in_hours(parse_time(text).unwrap(), open, close);
        assert_eq!(
            window("antes de las 11"),
            Some(ResolvedTime::Window {
                start: 540,
                end: 660
            })
        );
        assert_eq!(
            window("antes de las 7"),
            Some(ResolvedTime::Window {
                start: 540,
                end: 1140
            })
        );
        assert_eq!(
            window("después de las 5"),
            Some(ResolvedTime::Window {
                start: 1020,
                end: 1260
            })
        );
        assert_eq!(
            window("a partir de las 10"),
            Some(ResolvedTime::Window {
                start: 600,
                end: 1260
            })
        );
        assert_eq!(window("antes de las 8 de la mañana"), None);
        assert_eq!(
            window("entre las 5 y las 7"),
            Some(ResolvedTime::Window {
                start: 1020,
                end: 1140
            })
        );
        assert_eq!(
            window("de 10 a 12"),
            Some(ResolvedTime::Window {
                start: 600,
                end: 720
            })
        );
        assert_eq!(
            window("de 8 a 10 de la mañana"),
            Some(ResolvedTime::Window {
                start: 540,
                end: 600
            })
        );
        assert_eq!(window("de 22 a 23"), None);
    }

    #[test]
    fn a_part_of_the_day_settles_an_ambiguous_hour() {
        assert_eq!(parse_time("mañana por la tarde a las 5"), at(17, 0, false));
        assert_eq!(parse_time("a las 5, por la tarde"), at(17, 0, false));
        assert_eq!(parse_time("por la mañana a las 10"), at(10, 0, false));
        assert_eq!(parse_time("esta tarde a las 17:30"), at(17, 30, false));
        assert_eq!(parse_time("a primera hora, a las 9"), at(9, 0, true));
    }

    #[test]
    fn dates_prices_and_phones_are_not_times() {
        for text in [
            "el 25 de noviembre",
            "25/11",
            "25/11/2026",
            "el 25",
            "cuesta 25 €",
            "cuesta 12.50 €",
            "12.50 euros",
            "612 345 678",
            "612.345.678",
            "quiero una cita",
            "la 3",
            "buenas tardes",
            "good morning",
            "mañana",
            "hola",
            "25:00",
            "10:75",
            "",
        ] {
            assert_eq!(parse_time(text), None, "{text:?}");
        }
        assert_eq!(parse_time("el 25 de noviembre a las 10"), at(10, 0, true));
        assert_eq!(parse_time("el 25/11 a las 16:30"), at(16, 30, false));
        assert_eq!(parse_time("el 5 a las 5"), at(5, 0, true));
    }

    #[test]
    fn resolving_inside_opening_hours() {
        let (open, close) = (9 * 60, 21 * 60);
        let resolve = |text: &str| resolve_in_hours(parse_time(text).unwrap(), open, close);
        assert_eq!(resolve("a las 10"), Some(ResolvedTime::Exact(600)));
        assert_eq!(resolve("a las 5"), Some(ResolvedTime::Exact(17 * 60)));
        assert_eq!(resolve("a las 8"), Some(ResolvedTime::Exact(20 * 60)));
        assert_eq!(
            resolve("a las 8:30"),
            Some(ResolvedTime::Exact(20 * 60 + 30))
        );
        assert_eq!(
            resolve("08:30"),
            Some(ResolvedTime::Exact(8 * 60 + 30)),
            "settled: stays outside"
        );
        assert_eq!(
            resolve("a las 11 menos cuarto"),
            Some(ResolvedTime::Exact(10 * 60 + 45))
        );
        assert_eq!(resolve("a las 22"), Some(ResolvedTime::Exact(22 * 60)));
        assert_eq!(
            resolve("por la mañana"),
            Some(ResolvedTime::Window {
                start: 540,
                end: 840
            })
        );
        assert_eq!(
            resolve("por la tarde"),
            Some(ResolvedTime::Window {
                start: 840,
                end: 1200
            })
        );
        assert_eq!(
            resolve("por la noche"),
            Some(ResolvedTime::Window {
                start: 1200,
                end: 1260
            })
        );
        assert_eq!(
            resolve("después de comer"),
            Some(ResolvedTime::Window {
                start: 900,
                end: 1260
            })
        );
        assert_eq!(
            resolve("a primera hora"),
            Some(ResolvedTime::Window {
                start: 540,
                end: 600
            })
        );
        assert_eq!(
            resolve("a última hora"),
            Some(ResolvedTime::Window {
                start: 1200,
                end: 1260
            })
        );
        // A salon closing at 20:00 has no evening; one open at night reads "a las 5" as said
        // only when 17:00 is closed.
        assert_eq!(
            resolve_in_hours(TimeExpr::Part(DayPart::Evening), open, 20 * 60),
            None
        );
        let five = TimeExpr::At {
            minutes: 300,
            ambiguous_half_day: true,
        };
        assert_eq!(
            resolve_in_hours(five, 0, 24 * 60),
            Some(ResolvedTime::Exact(17 * 60))
        );
        assert_eq!(
            resolve_in_hours(five, 0, 12 * 60),
            Some(ResolvedTime::Exact(300))
        );
        let ten = TimeExpr::At {
            minutes: 600,
            ambiguous_half_day: true,
        };
        assert_eq!(
            resolve_in_hours(ten, 0, 24 * 60),
            Some(ResolvedTime::Exact(600))
        );
        // Saturday 09:00–14:00: neither 5:00 nor 17:00 is open, and nobody means 5 a.m.; the
        // caller says the salon is closed at 17:00.
        let saturday = (9 * 60, 14 * 60);
        assert_eq!(
            resolve_in_hours(five, saturday.0, saturday.1),
            Some(ResolvedTime::Exact(17 * 60))
        );
        assert_eq!(
            resolve_in_hours(ten, saturday.0, saturday.1),
            Some(ResolvedTime::Exact(600))
        );
        let five_to_seven = parse_time("entre las 5 y las 7").unwrap();
        assert_eq!(
            resolve_in_hours(five_to_seven, saturday.0, saturday.1),
            None,
            "closed all of it"
        );
    }
}
