//! The staff's inbox, as plain logic: a message as one line of plain text for a preview, and
//! what a visitor waiting for a person is told when nobody has taken the conversation over (when
//! the team will answer, and where).

use time::{Date, Duration};

use crate::assistant::Lang;
use crate::assistant::replies::weekday_name;
use crate::booking::{DayMinute, WeeklyHours, format_minutes};

/// A message as one line of plain text, at most `max_chars` characters (an ellipsis marks a
/// cut): markdown's marks go (emphasis, code, headings, list bullets, quotes; a link keeps its
/// text), and every run of white space, line breaks included, becomes one space.
pub fn plain_preview(markdown: &str, max_chars: usize) -> String {
    let mut lines = Vec::new();
    for line in markdown.lines() {
        let mut line = line.trim_start();
        for prefix in ["#", ">"] {
            while let Some(rest) = line.strip_prefix(prefix) {
                line = rest.trim_start();
            }
        }
        for bullet in ["- ", "* ", "+ "] {
            if let Some(rest) = line.strip_prefix(bullet) {
                line = rest;
            }
        }
        lines.push(line);
    }
    let text = without_links(&lines.join(" "));
    let text: String = text
        .chars()
        .filter(|c| !matches!(c, '*' | '_' | '`' | '~'))
        .collect();
    let words: Vec<&str> = text.split_whitespace().collect();
    let text = words.join(" ");
    if text.chars().count() <= max_chars {
        return text;
    }
    let cut: String = text.chars().take(max_chars.saturating_sub(1)).collect();
    format!("{}…", cut.trim_end())
}

/// `[text](url)` becomes `text`; anything else stays.
fn without_links(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let link = after.find("](").and_then(|close| {
            let target = &after[close + 2..];
            target.find(')').map(|end| (close, close + 2 + end + 1))
        });
        match link {
            Some((close, consumed)) => {
                out.push_str(&rest[..open]);
                out.push_str(&after[..close]);
                rest = &after[consumed..];
            }
            None => {
                out.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// When the team will next be in, seen from a local date and minute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamHours {
    /// Open now, until this minute today.
    OpenUntil(DayMinute),
    /// Closed now; opens on this date at this minute (within a week).
    OpensAt(Date, DayMinute),
    /// No opening hours at all.
    NeverOpen,
}

/// Whether the business is open at `(today, minute)`, and if not when it opens next.
pub fn team_hours(hours: &WeeklyHours, today: Date, minute: DayMinute) -> TeamHours {
    if let Some(period) = hours
        .on(today.weekday())
        .iter()
        .find(|period| period.open <= minute && minute < period.close)
    {
        return TeamHours::OpenUntil(period.close);
    }
    for days_ahead in 0..=7 {
        let date = today + Duration::days(days_ahead);
        let next = hours
            .on(date.weekday())
            .iter()
            .find(|period| days_ahead > 0 || period.open > minute);
        if let Some(period) = next {
            return TeamHours::OpensAt(date, period.open);
        }
    }
    TeamHours::NeverOpen
}

/// Where the answer will be, said the same in every case.
const HERE: &str = "te responderá aquí mismo, en esta conversación (si cierras la página, verás la respuesta al volver a abrir el chat)";
const HERE_EN: &str = "will answer you right here, in this conversation (if you close the page, you'll see the answer when you open the chat again)";

/// What a visitor waiting for a person reads when nobody has taken the conversation over: during
/// opening hours after the wait, outside them at once; in the conversation's language. Honest
/// about when, and where.
pub fn nobody_came(team: TeamHours, today: Date, lang: Lang) -> String {
    match (team, lang) {
        (TeamHours::OpenUntil(close), Lang::Es) => format!(
            "Ahora mismo nadie del equipo puede atenderte, pero ya lo saben: {HERE}, hoy antes de las {}. Mientras tanto, puedo seguir ayudándote.",
            format_minutes(close)
        ),
        (TeamHours::OpenUntil(close), Lang::En) => format!(
            "Nobody from the team can answer right now, but they know: they {HERE_EN}, today before {}. Meanwhile, I can keep helping you.",
            format_minutes(close)
        ),
        (TeamHours::OpensAt(date, open), Lang::Es) => format!(
            "Ahora el salón está cerrado. El equipo ya lo sabe y {HERE}, {} a partir de las {}. Mientras tanto, puedo seguir ayudándote.",
            day_said(date, today, lang),
            format_minutes(open)
        ),
        (TeamHours::OpensAt(date, open), Lang::En) => format!(
            "The salon is closed now. The team knows and {HERE_EN}, {} from {}. Meanwhile, I can keep helping you.",
            day_said(date, today, lang),
            format_minutes(open)
        ),
        (TeamHours::NeverOpen, Lang::Es) => format!(
            "Ahora mismo nadie del equipo puede atenderte. Ya lo saben y {HERE} en cuanto puedan. Mientras tanto, puedo seguir ayudándote."
        ),
        (TeamHours::NeverOpen, Lang::En) => format!(
            "Nobody from the team can answer right now. They know and {HERE_EN} as soon as they can. Meanwhile, I can keep helping you."
        ),
    }
}

/// When the team is back, said from `today`: "hoy", "mañana", "el viernes 27" (or in English).
fn day_said(date: Date, today: Date, lang: Lang) -> String {
    let offset = (date - today).whole_days();
    match (offset, lang) {
        (0, Lang::Es) => "hoy".to_owned(),
        (1, Lang::Es) => "mañana".to_owned(),
        (_, Lang::Es) => format!(
            "el {} {}",
            weekday_name(Lang::Es, date.weekday()),
            date.day()
        ),
        (0, Lang::En) => "today".to_owned(),
        (1, Lang::En) => "tomorrow".to_owned(),
        (_, Lang::En) => format!("on {} {}", date.weekday(), date.day()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::booking::OpeningPeriod;
    use time::Weekday;
    use time::macros::date;

    #[test]
    fn previews_are_plain_text_on_one_line() {
        assert_eq!(
            plain_preview("**Reservado:** lunes\n\n- Corte\n- *Tinte* en `10:00`", 100),
            "Reservado: lunes Corte Tinte en 10:00"
        );
        assert_eq!(
            plain_preview("## Hola\n> mira [la web](https://x.example) ya", 100),
            "Hola mira la web ya"
        );
        assert_eq!(plain_preview("[sin cierre", 100), "[sin cierre");
        assert_eq!(plain_preview("uno dos tres cuatro", 10), "uno dos t…");
        assert_eq!(plain_preview("ñandú ñandú", 6), "ñandú…");
    }

    fn hours() -> WeeklyHours {
        let day = vec![
            OpeningPeriod {
                open: 600,
                close: 840,
            },
            OpeningPeriod {
                open: 960,
                close: 1200,
            },
        ];
        WeeklyHours::new([
            (Weekday::Monday, day.clone()),
            (Weekday::Friday, day.clone()),
        ])
        .expect("valid")
    }

    #[test]
    fn the_team_is_in_or_opens_next() {
        let monday = date!(2026 - 11 - 23);
        assert_eq!(team_hours(&hours(), monday, 700), TeamHours::OpenUntil(840));
        assert_eq!(
            team_hours(&hours(), monday, 900),
            TeamHours::OpensAt(monday, 960)
        );
        assert_eq!(
            team_hours(&hours(), monday, 1230),
            TeamHours::OpensAt(date!(2026 - 11 - 27), 600)
        );
        let friday_night = date!(2026 - 11 - 27);
        assert_eq!(
            team_hours(&hours(), friday_night, 1300),
            TeamHours::OpensAt(date!(2026 - 11 - 30), 600)
        );
        assert_eq!(
            team_hours(&WeeklyHours::default(), monday, 700),
            TeamHours::NeverOpen
        );
    }

    #[test]
    fn the_sentence_says_when_and_where() {
        let monday = date!(2026 - 11 - 23);
        let open = nobody_came(TeamHours::OpenUntil(840), monday, Lang::Es);
        assert!(open.contains("hoy antes de las 14:00"), "{open}");
        assert!(open.contains("aquí mismo, en esta conversación"), "{open}");
        let later = nobody_came(TeamHours::OpensAt(monday, 960), monday, Lang::Es);
        assert!(later.contains("hoy a partir de las 16:00"), "{later}");
        let tomorrow = nobody_came(
            TeamHours::OpensAt(date!(2026 - 11 - 24), 600),
            monday,
            Lang::Es,
        );
        assert!(
            tomorrow.contains("mañana a partir de las 10:00"),
            "{tomorrow}"
        );
        let friday = nobody_came(
            TeamHours::OpensAt(date!(2026 - 11 - 27), 600),
            monday,
            Lang::Es,
        );
        assert!(
            friday.contains("el viernes 27 a partir de las 10:00"),
            "{friday}"
        );
    }

    #[test]
    fn an_english_conversation_is_told_in_english() {
        let monday = date!(2026 - 11 - 23);
        let later = nobody_came(TeamHours::OpensAt(monday, 960), monday, Lang::En);
        assert!(later.starts_with("The salon is closed now."), "{later}");
        assert!(later.contains("today from 16:00"), "{later}");
        let friday = nobody_came(
            TeamHours::OpensAt(date!(2026 - 11 - 27), 600),
            monday,
            Lang::En,
        );
        assert!(friday.contains("on Friday 27 from 10:00"), "{friday}");
        let open = nobody_came(TeamHours::OpenUntil(840), monday, Lang::En);
        assert!(open.contains("right here, in this conversation"), "{open}");
        assert!(open.contains("today before 14:00"), "{open}");
    }
}
