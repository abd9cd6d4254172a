//! The demo business (REQUIREMENTS B6): the hair salon the server seeds into an empty database, and
//! the business the booking tests and benchmarks run against.

use time::Weekday;

use super::{Business, OpeningPeriod, WeeklyHours};

/// Peluquería Lucía, Europe/Madrid: Monday to Friday 09:30–14:00 and 16:30–20:30, Saturday
/// 09:00–14:00, Sunday closed; 15-minute steps.
pub fn salon() -> Business {
    let weekday = vec![period(570, 840), period(990, 1230)];
    let hours = WeeklyHours::new([
        (Weekday::Monday, weekday.clone()),
        (Weekday::Tuesday, weekday.clone()),
        (Weekday::Wednesday, weekday.clone()),
        (Weekday::Thursday, weekday.clone()),
        (Weekday::Friday, weekday),
        (Weekday::Saturday, vec![period(540, 840)]),
    ])
    .expect("the demo hours are ordered and within the day");
    Business::new("Peluquería Lucía", "Europe/Madrid", hours, 15)
        .expect("the demo business is valid")
}

const fn period(open: u16, close: u16) -> OpeningPeriod {
    OpeningPeriod { open, close }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_salon_opens_six_days() {
        let salon = salon();
        assert!(salon.hours.on(Weekday::Sunday).is_empty());
        assert_eq!(salon.hours.on(Weekday::Saturday).len(), 1);
        assert_eq!(salon.hours.on(Weekday::Friday).len(), 2);
    }
}
