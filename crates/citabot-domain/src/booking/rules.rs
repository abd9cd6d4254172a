//! The salon's rules for every booking (issue 11): closures, each stylist's weekly periods, time
//! off, the services they do and whether they take bookings, the minimum notice and the horizon.
//! [`Calendar::check`] is the one place a proposed cita is held to them; availability
//! ([`super::availability::free_slots`]) asks the same [`Calendar::working_periods`], so what is
//! offered and what is accepted cannot drift apart.
//!
//! Hours, closures, schedules, time off, skills and `bookable` bind everyone; staff may record
//! an explicit override of the first four (`outside_hours`). The notice and the horizon bind
//! clients and the assistant only: staff book walk-ins and record visits after the fact.

use time::{Date, Duration, Weekday};

use super::{Business, CitaStatus, DAY_MINUTES, DayMinute, OpeningPeriod, WeeklyHours};

/// The default minimum notice before a booking, in minutes.
pub const DEFAULT_MIN_NOTICE_MIN: u32 = 60;
/// The default horizon: how many days ahead one can book.
pub const DEFAULT_HORIZON_DAYS: u16 = 60;
/// The default time a chat visitor's picked slot is held for them, in minutes.
pub const DEFAULT_HOLD_MIN: u32 = 10;

/// How clients and the assistant may book.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookingRules {
    /// No booking starts sooner than this many minutes from now.
    pub min_notice_min: u32,
    /// No booking falls more than this many days after today.
    pub horizon_days: u16,
    /// The status a chat booking starts in: `Pendiente` or `Confirmada`.
    pub chat_booking_status: CitaStatus,
    /// How long a time picked in the chat is held for its conversation ([`super::SlotHold`]).
    pub hold_min: u32,
}

impl Default for BookingRules {
    fn default() -> Self {
        Self {
            min_notice_min: DEFAULT_MIN_NOTICE_MIN,
            horizon_days: DEFAULT_HORIZON_DAYS,
            chat_booking_status: CitaStatus::Pendiente,
            hold_min: DEFAULT_HOLD_MIN,
        }
    }
}

/// Days the salon is closed, `from` to `to` inclusive ("Navidad", "Vacaciones").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Closure {
    pub id: String,
    pub from: Date,
    pub to: Date,
    pub reason: String,
}

/// Days a stylist does not work, `from` to `to` inclusive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeOff {
    pub id: String,
    pub staff_id: String,
    pub from: Date,
    pub to: Date,
    pub reason: String,
}

/// A stylist's own settings; a staff member without any follows the business hours, does
/// every service and takes bookings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffSchedule {
    pub staff_id: String,
    /// Their weekly periods; `None` follows the business hours.
    pub periods: Option<WeeklyHours>,
    /// The services they do; `None` is every service.
    pub service_ids: Option<Vec<String>>,
    pub bookable: bool,
}

impl StaffSchedule {
    /// The settings of a stylist nobody has set up yet.
    pub fn default_for(staff_id: &str) -> Self {
        Self {
            staff_id: staff_id.to_owned(),
            periods: None,
            service_ids: None,
            bookable: true,
        }
    }

    /// Whether they do this service.
    pub fn does(&self, service_id: &str) -> bool {
        self.service_ids
            .as_ref()
            .is_none_or(|ids| ids.iter().any(|id| id == service_id))
    }
}

/// Who is booking, which decides the rules that bind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Booker {
    /// A guest, a cliente or the assistant: held to the notice and the horizon too.
    Client,
    /// Staff by hand; `outside_hours` is their recorded override of hours, closures, the
    /// stylist's schedule and time off.
    Staff { outside_hours: bool },
}

/// When a booker may book: not before `earliest` (a local date and minute; `None`: the past
/// too) and not after `last_date`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub earliest: Option<(Date, DayMinute)>,
    pub last_date: Option<Date>,
}

impl Window {
    /// No limit: staff recording a visit.
    pub const OPEN: Self = Self {
        earliest: None,
        last_date: None,
    };

    /// From now on, without a notice or a horizon (staff looking for a free time).
    pub fn from_now(now: (Date, DayMinute)) -> Self {
        Self {
            earliest: Some(now),
            last_date: None,
        }
    }

    /// The first minute of `date` a slot may start at; `None` when none may.
    pub fn not_before(&self, date: Date) -> Option<DayMinute> {
        if self.last_date.is_some_and(|last| date > last) {
            return None;
        }
        match self.earliest {
            None => Some(0),
            Some((day, _)) if date < day => None,
            Some((day, minute)) if date == day => Some(minute),
            Some(_) => Some(0),
        }
    }
}

/// Why a proposed cita is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Breach {
    /// Not on the slot step.
    OffStep { step: DayMinute },
    /// The salon is closed that day (a closure).
    Closure { reason: String },
    /// Outside the opening hours (or not inside one period).
    OutsideHours,
    /// Outside the stylist's own periods.
    OutsideSchedule,
    /// The stylist is off that day.
    TimeOff { reason: String },
    /// The stylist takes no bookings.
    NotBookable,
    /// The stylist does not do this service.
    Skill { service_id: String },
    /// Sooner than the minimum notice (or in the past).
    InsideNotice { min_notice_min: u32 },
    /// Further ahead than the horizon.
    BeyondHorizon { last_date: Date },
}

/// A cita as proposed, to be checked.
#[derive(Debug, Clone, Copy)]
pub struct Proposed<'a> {
    pub staff_id: &'a str,
    pub date: Date,
    pub start: DayMinute,
    pub end: DayMinute,
    pub service_ids: &'a [String],
}

/// Everything besides the business's hours that decides when a cita may be booked, read fresh
/// for every request (a change takes effect on the next one).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Calendar {
    pub rules: BookingRules,
    pub closures: Vec<Closure>,
    /// Stored schedules; staff left out have [`StaffSchedule::default_for`].
    pub schedules: Vec<StaffSchedule>,
    pub time_off: Vec<TimeOff>,
}

impl Calendar {
    /// The schedule of `staff_id`, set or default.
    pub fn schedule(&self, staff_id: &str) -> StaffSchedule {
        self.schedules
            .iter()
            .find(|schedule| schedule.staff_id == staff_id)
            .cloned()
            .unwrap_or_else(|| StaffSchedule::default_for(staff_id))
    }

    /// The closure covering `date`, if any.
    pub fn closure_on(&self, date: Date) -> Option<&Closure> {
        self.closures
            .iter()
            .find(|closure| closure.from <= date && date <= closure.to)
    }

    /// The time off of `staff_id` covering `date`, if any.
    pub fn time_off_on(&self, staff_id: &str, date: Date) -> Option<&TimeOff> {
        self.time_off
            .iter()
            .find(|off| off.staff_id == staff_id && off.from <= date && date <= off.to)
    }

    /// When `booker` may book, `now` being the business's local date and minute.
    pub fn window(&self, now: (Date, DayMinute), booker: Booker) -> Window {
        match booker {
            Booker::Staff { .. } => Window::OPEN,
            Booker::Client => {
                // `now` is a whole minute already begun: a start at it has started, so even
                // without a notice the first start is the next minute.
                let notice = self.rules.min_notice_min.max(1);
                let total = u64::from(now.1) + u64::from(notice);
                let days = i64::try_from(total / u64::from(DAY_MINUTES)).unwrap_or(i64::MAX);
                let minute = DayMinute::try_from(total % u64::from(DAY_MINUTES)).unwrap_or(0);
                let day = now.0.checked_add(Duration::days(days)).unwrap_or(now.0);
                Self::window_from(day, minute, now.0, self.rules.horizon_days)
            }
        }
    }

    fn window_from(day: Date, minute: DayMinute, today: Date, horizon_days: u16) -> Window {
        Window {
            earliest: Some((day, minute)),
            last_date: today.checked_add(Duration::days(i64::from(horizon_days))),
        }
    }

    /// The periods of `date` in which `staff_id` can be booked for `service_ids` (the business
    /// hours met with the stylist's own periods), or why none: a closure, time off, no bookings
    /// or a service they do not do. `override_hours` skips hours, closures, schedule and time
    /// off (the whole day is open), never skills nor `bookable`.
    pub fn working_periods(
        &self,
        business: &Business,
        staff_id: &str,
        date: Date,
        service_ids: &[String],
        override_hours: bool,
    ) -> Result<Vec<OpeningPeriod>, Breach> {
        let schedule = self.schedule(staff_id);
        if !schedule.bookable {
            return Err(Breach::NotBookable);
        }
        if let Some(missing) = service_ids.iter().find(|id| !schedule.does(id)) {
            return Err(Breach::Skill {
                service_id: missing.clone(),
            });
        }
        if override_hours {
            return Ok(vec![OpeningPeriod {
                open: 0,
                close: DAY_MINUTES,
            }]);
        }
        if let Some(closure) = self.closure_on(date) {
            return Err(Breach::Closure {
                reason: closure.reason.clone(),
            });
        }
        if let Some(off) = self.time_off_on(staff_id, date) {
            return Err(Breach::TimeOff {
                reason: off.reason.clone(),
            });
        }
        Ok(self.weekly_periods(business, staff_id, date.weekday()))
    }

    /// The periods `staff_id` works on `weekday` of an ordinary week: the business hours met
    /// with the stylist's own (closures and time off aside).
    pub fn weekly_periods(
        &self,
        business: &Business,
        staff_id: &str,
        weekday: Weekday,
    ) -> Vec<OpeningPeriod> {
        let open = business.hours.on(weekday);
        match &self.schedule(staff_id).periods {
            None => open.to_vec(),
            Some(own) => intersect(open, own.on(weekday)),
        }
    }

    /// Holds a proposed cita to every rule that binds `booker`; `now` is the business's local
    /// date and minute. The one check behind every booking write.
    pub fn check(
        &self,
        business: &Business,
        proposed: &Proposed<'_>,
        booker: Booker,
        now: (Date, DayMinute),
    ) -> Result<(), Breach> {
        let window = self.window(now, booker);
        if window.last_date.is_some_and(|last| proposed.date > last) {
            return Err(Breach::BeyondHorizon {
                last_date: window.last_date.unwrap_or(proposed.date),
            });
        }
        if window
            .not_before(proposed.date)
            .is_none_or(|first| proposed.start < first)
        {
            return Err(Breach::InsideNotice {
                min_notice_min: self.rules.min_notice_min,
            });
        }
        if !proposed.start.is_multiple_of(business.slot_step.max(1)) {
            return Err(Breach::OffStep {
                step: business.slot_step,
            });
        }
        self.fits(business, proposed, booker)
    }

    /// Whether a cita still fits the hours, closures, schedules, time off, skills and
    /// `bookable` (no notice, horizon or step): what [`Self::check`] asks beyond time.
    pub fn fits(
        &self,
        business: &Business,
        proposed: &Proposed<'_>,
        booker: Booker,
    ) -> Result<(), Breach> {
        let override_hours = matches!(
            booker,
            Booker::Staff {
                outside_hours: true
            }
        );
        let periods = self.working_periods(
            business,
            proposed.staff_id,
            proposed.date,
            proposed.service_ids,
            override_hours,
        )?;
        if periods
            .iter()
            .any(|period| period.open <= proposed.start && proposed.end <= period.close)
        {
            return Ok(());
        }
        let in_business_hours = business
            .hours
            .on(proposed.date.weekday())
            .iter()
            .any(|period| period.open <= proposed.start && proposed.end <= period.close);
        Err(if in_business_hours {
            Breach::OutsideSchedule
        } else {
            Breach::OutsideHours
        })
    }
}

/// The stretches both sorted lists of periods cover.
fn intersect(a: &[OpeningPeriod], b: &[OpeningPeriod]) -> Vec<OpeningPeriod> {
    let mut both = Vec::new();
    for x in a {
        for y in b {
            let open = x.open.max(y.open);
            let close = x.close.min(y.close);
            if open < close {
                both.push(OpeningPeriod { open, close });
            }
        }
    }
    both.sort_by_key(|period| period.open);
    both
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::Weekday;
    use time::macros::date;

    const FRIDAY: Date = date!(2026 - 11 - 27);

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|id| (*id).to_owned()).collect()
    }

    fn proposed<'a>(staff_id: &'a str, start: DayMinute, services: &'a [String]) -> Proposed<'a> {
        Proposed {
            staff_id,
            date: FRIDAY,
            start,
            end: start + 60,
            service_ids: services,
        }
    }

    fn calendar() -> Calendar {
        Calendar {
            schedules: vec![StaffSchedule {
                staff_id: "luis".into(),
                periods: Some(
                    WeeklyHours::new([(
                        Weekday::Friday,
                        vec![OpeningPeriod {
                            open: 600,
                            close: 1200,
                        }],
                    )])
                    .expect("valid"),
                ),
                service_ids: Some(ids(&["corte"])),
                bookable: true,
            }],
            ..Calendar::default()
        }
    }

    #[test]
    fn a_stylist_s_periods_meet_the_business_hours() {
        let salon = super::super::demo::salon();
        let periods = calendar()
            .working_periods(&salon, "luis", FRIDAY, &[], false)
            .expect("works");
        assert_eq!(
            periods,
            [
                OpeningPeriod {
                    open: 600,
                    close: 840
                },
                OpeningPeriod {
                    open: 990,
                    close: 1200
                }
            ]
        );
        let ana = calendar()
            .working_periods(&salon, "ana", FRIDAY, &[], false)
            .expect("default");
        assert_eq!(ana.len(), 2);
        assert_eq!(ana[0].open, 570);
    }

    #[test]
    fn closures_time_off_skills_and_bookable_refuse() {
        let salon = super::super::demo::salon();
        let corte = ids(&["corte"]);
        let tinte = ids(&["corte", "tinte"]);
        let now = (date!(2026 - 11 - 20), 600);
        let staff = Booker::Staff {
            outside_hours: false,
        };
        let mut calendar = calendar();
        assert_eq!(
            calendar.check(&salon, &proposed("luis", 600, &corte), staff, now),
            Ok(())
        );
        assert_eq!(
            calendar.check(&salon, &proposed("luis", 570, &corte), staff, now),
            Err(Breach::OutsideSchedule)
        );
        assert_eq!(
            calendar.check(&salon, &proposed("luis", 1200, &corte), staff, now),
            Err(Breach::OutsideHours),
            "20:00–21:00 runs past the 20:30 close"
        );
        assert_eq!(
            calendar.check(&salon, &proposed("luis", 600, &tinte), staff, now),
            Err(Breach::Skill {
                service_id: "tinte".into()
            })
        );
        assert_eq!(
            calendar.check(&salon, &proposed("luis", 605, &corte), staff, now),
            Err(Breach::OffStep { step: 15 })
        );
        calendar.time_off.push(TimeOff {
            id: "t".into(),
            staff_id: "luis".into(),
            from: FRIDAY,
            to: FRIDAY,
            reason: "Médico".into(),
        });
        assert_eq!(
            calendar.check(&salon, &proposed("luis", 600, &corte), staff, now),
            Err(Breach::TimeOff {
                reason: "Médico".into()
            })
        );
        assert_eq!(
            calendar.check(
                &salon,
                &proposed("luis", 1260, &corte),
                Booker::Staff {
                    outside_hours: true
                },
                now
            ),
            Ok(()),
            "the override skips hours and time off"
        );
        calendar.closures.push(Closure {
            id: "c".into(),
            from: date!(2026 - 11 - 26),
            to: FRIDAY,
            reason: "Puente".into(),
        });
        assert_eq!(
            calendar.check(&salon, &proposed("ana", 600, &corte), staff, now),
            Err(Breach::Closure {
                reason: "Puente".into()
            })
        );
        calendar.schedules[0].bookable = false;
        assert_eq!(
            calendar.check(
                &salon,
                &proposed("luis", 600, &corte),
                Booker::Staff {
                    outside_hours: true
                },
                now
            ),
            Err(Breach::NotBookable),
            "the override never makes someone bookable"
        );
    }

    #[test]
    fn notice_and_horizon_bind_clients_only() {
        let salon = super::super::demo::salon();
        let corte = ids(&["corte"]);
        let calendar = Calendar::default();
        let now = (FRIDAY, 570);
        assert_eq!(
            calendar.check(&salon, &proposed("ana", 600, &corte), Booker::Client, now),
            Err(Breach::InsideNotice { min_notice_min: 60 })
        );
        assert_eq!(
            calendar.check(&salon, &proposed("ana", 630, &corte), Booker::Client, now),
            Ok(())
        );
        let staff = Booker::Staff {
            outside_hours: false,
        };
        assert_eq!(
            calendar.check(&salon, &proposed("ana", 570, &corte), staff, now),
            Ok(())
        );
        let mut far = proposed("ana", 600, &corte);
        far.date = FRIDAY + Duration::days(61);
        assert!(matches!(
            calendar.check(&salon, &far, Booker::Client, now),
            Err(Breach::BeyondHorizon { .. })
        ));
        let late = calendar.window((FRIDAY, 1420), Booker::Client);
        assert_eq!(late.earliest, Some((date!(2026 - 11 - 28), 40)));
        assert_eq!(late.not_before(FRIDAY), None);
        assert_eq!(late.not_before(date!(2026 - 11 - 29)), Some(0));
    }

    #[test]
    fn a_time_already_begun_is_never_bookable_even_without_a_notice() {
        let salon = super::super::demo::salon();
        let corte = ids(&["corte"]);
        let calendar = Calendar {
            rules: BookingRules {
                min_notice_min: 0,
                ..BookingRules::default()
            },
            ..Calendar::default()
        };
        // 10:30 in Madrid: the 10:30 slot has begun.
        let now = (FRIDAY, 630);
        assert_eq!(
            calendar.check(&salon, &proposed("ana", 630, &corte), Booker::Client, now),
            Err(Breach::InsideNotice { min_notice_min: 0 })
        );
        assert_eq!(
            calendar.check(&salon, &proposed("ana", 645, &corte), Booker::Client, now),
            Ok(())
        );
        assert_eq!(
            calendar.window(now, Booker::Client).not_before(FRIDAY),
            Some(631)
        );
    }
}
