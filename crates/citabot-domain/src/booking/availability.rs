//! What is free (REQUIREMENTS B1, issue 11): the start times on a day when a set of services,
//! done back to back, fits inside one period a staff member can be booked in (the business
//! hours met with their own, no closure or time off, services they do, bookable: see
//! [`Calendar::working_periods`]) and that staff member has nothing else. Start times are
//! multiples of the business's slot step; a cita never runs past a period's close (the lunch
//! break included) and never starts outside the booker's [`Window`] (now plus the minimum
//! notice, up to the horizon, for clients).

use std::ops::ControlFlow;
use time::Date;

use super::rules::{Calendar, Window};
use super::{Business, Cita, DayMinute, StaffMember};

/// Time a staff member is already taken on the day being planned, `[start, end)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy<'a> {
    pub staff_id: &'a str,
    pub start: DayMinute,
    pub end: DayMinute,
}

/// The time the citas of `date` take: those that hold their time (pending or confirmed), but
/// `moving`, the cita being moved, which does not stand in its own way (its guest may move it
/// to a time that overlaps where it is now).
pub fn busy_citas<'a>(
    citas: &'a [Cita],
    date: Date,
    moving: Option<&str>,
) -> impl Iterator<Item = Busy<'a>> {
    citas
        .iter()
        .filter(move |cita| cita.date == date && cita.status.holds_time())
        .filter(move |cita| moving != Some(cita.id.as_str()))
        .map(|cita| Busy {
            staff_id: &cita.staff_id,
            start: cita.start_min,
            end: cita.end_min,
        })
}

/// A free start time for one staff member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    pub staff_id: String,
    pub start: DayMinute,
    pub end: DayMinute,
}

/// What to look for.
#[derive(Debug, Clone, Copy)]
pub struct SlotQuery<'a> {
    pub date: Date,
    /// The services, done back to back: only staff who do all of them are offered.
    pub service_ids: &'a [String],
    /// The services' durations added up.
    pub duration: DayMinute,
    /// Everyone who may attend, in the order to prefer them.
    pub staff: &'a [StaffMember],
    /// Only this staff member, when the visitor asked for one.
    pub only_staff: Option<&'a str>,
    pub busy: &'a [Busy<'a>],
    /// When the booker may book.
    pub window: Window,
}

/// Every free slot of the day, by start time, then in the staff's order.
pub fn free_slots(business: &Business, calendar: &Calendar, query: &SlotQuery<'_>) -> Vec<Slot> {
    let mut slots = Vec::new();
    each_free_slot(business, calendar, query, |slot| {
        slots.push(slot);
        ControlFlow::Continue(())
    });
    slots
}

/// Whether [`free_slots`] would find any: stops at the first, for a day's "has it room?".
pub fn any_free_slot(business: &Business, calendar: &Calendar, query: &SlotQuery<'_>) -> bool {
    let mut any = false;
    each_free_slot(business, calendar, query, |_| {
        any = true;
        ControlFlow::Break(())
    });
    any
}

/// Hands [`free_slots`]' slots to `found` in order, until it says to stop.
fn each_free_slot(
    business: &Business,
    calendar: &Calendar,
    query: &SlotQuery<'_>,
    mut found: impl FnMut(Slot) -> ControlFlow<()>,
) {
    let step = business.slot_step.max(1);
    let Some(not_before) = query.window.not_before(query.date) else {
        return;
    };
    if query.duration == 0 {
        return;
    }
    let staff: Vec<(&StaffMember, Vec<super::OpeningPeriod>)> = query
        .staff
        .iter()
        .filter(|member| query.only_staff.is_none_or(|only| only == member.user_id))
        .filter_map(|member| {
            calendar
                .working_periods(
                    business,
                    &member.user_id,
                    query.date,
                    query.service_ids,
                    false,
                )
                .ok()
                .map(|periods| (member, periods))
        })
        .collect();
    let mut start = not_before.div_ceil(step) * step;
    let last_close = staff
        .iter()
        .flat_map(|(_, periods)| periods.iter().map(|period| period.close))
        .max()
        .unwrap_or(0);
    while start + query.duration <= last_close {
        let end = start + query.duration;
        for (member, periods) in &staff {
            let inside = periods
                .iter()
                .any(|period| period.open <= start && end <= period.close);
            let taken = query.busy.iter().any(|busy| {
                busy.staff_id == member.user_id && busy.start < end && start < busy.end
            });
            if inside
                && !taken
                && found(Slot {
                    staff_id: member.user_id.clone(),
                    start,
                    end,
                })
                .is_break()
            {
                return;
            }
        }
        start += step;
    }
}

/// Up to `max` different start times nearest to `target` (the earlier one on a tie), each with
/// the first staff member free then, in time order.
pub fn nearest(slots: &[Slot], target: DayMinute, max: usize) -> Vec<&Slot> {
    let mut times = first_per_start(slots);
    times.sort_by_key(|slot| (slot.start.abs_diff(target), slot.start));
    times.truncate(max);
    times.sort_by_key(|slot| slot.start);
    times
}

/// Up to `max` different start times in `[from, to)`, spread over the range, in time order.
pub fn spread(slots: &[Slot], from: DayMinute, to: DayMinute, max: usize) -> Vec<&Slot> {
    let times: Vec<&Slot> = first_per_start(slots)
        .into_iter()
        .filter(|slot| from <= slot.start && slot.start < to)
        .collect();
    if times.len() <= max || max < 2 {
        return times.into_iter().take(max).collect();
    }
    // Evenly spaced picks: the first, the last, and those between.
    (0..max)
        .map(|pick| times[pick * (times.len() - 1) / (max - 1)])
        .collect()
}

/// The slot at exactly `start`, preferring staff in their order.
pub fn at(slots: &[Slot], start: DayMinute) -> Option<&Slot> {
    slots.iter().find(|slot| slot.start == start)
}

/// One slot per start time, in time order, each with the staff member who should take it:
/// `preferred` when free then (the stylist of a cita being moved, the staff member booking),
/// else whoever has the fewest citas that day (`citas_that_day`), ties by name. Spreads the
/// day's work instead of filling the first stylist's agenda.
pub fn one_per_start(
    slots: &[Slot],
    staff: &[StaffMember],
    citas_that_day: &[Busy<'_>],
    preferred: Option<&str>,
) -> Vec<Slot> {
    let load = |staff_id: &str| {
        citas_that_day
            .iter()
            .filter(|busy| busy.staff_id == staff_id)
            .count()
    };
    let name = |staff_id: &str| {
        staff
            .iter()
            .find(|member| member.user_id == staff_id)
            .map_or_else(|| staff_id.to_owned(), |member| member.name.clone())
    };
    let mut chosen: Vec<Slot> = Vec::new();
    for slot in slots {
        match chosen.last_mut() {
            Some(last) if last.start == slot.start => {
                let better = if preferred == Some(last.staff_id.as_str()) {
                    false
                } else if preferred == Some(slot.staff_id.as_str()) {
                    true
                } else {
                    (load(&slot.staff_id), name(&slot.staff_id))
                        < (load(&last.staff_id), name(&last.staff_id))
                };
                if better {
                    *last = slot.clone();
                }
            }
            _ => chosen.push(slot.clone()),
        }
    }
    chosen
}

fn first_per_start(slots: &[Slot]) -> Vec<&Slot> {
    let mut times: Vec<&Slot> = Vec::new();
    for slot in slots {
        if times.last().is_none_or(|last| last.start != slot.start) {
            times.push(slot);
        }
    }
    times
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    /// The demo salon: on Friday 2026-11-27 open 09:30–14:00 and 16:30–20:30, 15-minute steps.
    fn salon() -> Business {
        crate::booking::demo::salon()
    }

    fn staff() -> Vec<StaffMember> {
        ["ana", "luis"]
            .into_iter()
            .map(|id| StaffMember {
                user_id: id.into(),
                name: id.into(),
            })
            .collect()
    }

    fn query<'a>(
        staff: &'a [StaffMember],
        busy: &'a [Busy<'a>],
        duration: DayMinute,
    ) -> SlotQuery<'a> {
        SlotQuery {
            date: date!(2026 - 11 - 27),
            duration,
            service_ids: &[],
            staff,
            only_staff: None,
            busy,
            window: Window::OPEN,
        }
    }

    fn starts(slots: &[Slot], staff_id: &str) -> Vec<DayMinute> {
        slots
            .iter()
            .filter(|slot| slot.staff_id == staff_id)
            .map(|slot| slot.start)
            .collect()
    }

    #[test]
    fn a_service_fits_inside_one_period_on_the_step() {
        let staff = staff();
        let slots = free_slots(&salon(), &Calendar::default(), &query(&staff, &[], 60));
        let ana = starts(&slots, "ana");
        assert_eq!(ana.first(), Some(&570));
        assert!(ana.contains(&780), "13:00–14:00 fits the morning");
        assert!(!ana.contains(&795), "13:15 would run past the 14:00 close");
        assert!(ana.contains(&990) && ana.contains(&1170));
        assert!(!ana.contains(&1185), "20:00–21:00 would run past 20:30");
        assert!(ana.iter().all(|start| start % 15 == 0));
        assert_eq!(starts(&slots, "luis"), ana);
    }

    #[test]
    fn busy_staff_are_skipped_and_back_to_back_is_allowed() {
        let staff = staff();
        let busy = [Busy {
            staff_id: "ana",
            start: 600,
            end: 660,
        }];
        let slots = free_slots(&salon(), &Calendar::default(), &query(&staff, &busy, 45));
        let ana = starts(&slots, "ana");
        assert!(!ana.contains(&570), "09:30–10:15 overlaps 10:00");
        assert!(!ana.contains(&645), "10:45 starts before 11:00");
        assert!(ana.contains(&660), "right after the busy hour");
        assert!(starts(&slots, "luis").contains(&600), "Luis is free then");
    }

    #[test]
    fn a_cita_being_moved_does_not_block_itself() {
        use crate::booking::CitaStatus;
        let at = |id: &str, start: DayMinute, status: CitaStatus| {
            let instant = time::OffsetDateTime::UNIX_EPOCH;
            Cita {
                id: id.to_owned(),
                staff_id: "ana".to_owned(),
                client_id: "c".to_owned(),
                date: date!(2026 - 11 - 27),
                start_min: start,
                end_min: start + 30,
                start_at: instant,
                end_at: instant,
                status,
                service_ids: Vec::new(),
                created_at: instant,
                chat_session_id: None,
                outside_hours: false,
                revision: 0,
            }
        };
        let mut other_day = at("otro-dia", 700, CitaStatus::Confirmada);
        other_day.date = date!(2026 - 11 - 26);
        let citas = [
            at("mia", 600, CitaStatus::Pendiente),
            at("otra", 660, CitaStatus::Confirmada),
            at("cancelada", 720, CitaStatus::Cancelada),
            other_day,
        ];
        let day = date!(2026 - 11 - 27);
        let busy_starts = |moving| {
            busy_citas(&citas, day, moving)
                .map(|busy| busy.start)
                .collect::<Vec<_>>()
        };
        assert_eq!(busy_starts(None), [600, 660]);
        assert_eq!(
            busy_starts(Some("mia")),
            [660],
            "its own time is free to it"
        );
        let staff = staff();
        let busy: Vec<Busy<'_>> = busy_citas(&citas, day, Some("mia")).collect();
        let slots = free_slots(&salon(), &Calendar::default(), &query(&staff, &busy, 30));
        let ana = starts(&slots, "ana");
        assert!(
            ana.contains(&585) && ana.contains(&615),
            "around its own time"
        );
        assert!(!ana.contains(&645), "10:45 meets the 11:00 cita");
    }

    #[test]
    fn closed_days_past_times_and_one_staff_member() {
        let staff = staff();
        let mut closed = query(&staff, &[], 30);
        closed.date = date!(2026 - 11 - 29);
        assert!(
            free_slots(&salon(), &Calendar::default(), &closed).is_empty(),
            "Sunday is closed"
        );

        let mut later = query(&staff, &[], 30);
        later.window = Window::from_now((date!(2026 - 11 - 27), 1003));
        later.only_staff = Some("luis");
        let slots = free_slots(&salon(), &Calendar::default(), &later);
        assert_eq!(
            slots.first().map(|slot| slot.start),
            Some(1005),
            "rounded up to the step"
        );
        assert!(slots.iter().all(|slot| slot.staff_id == "luis"));
    }

    #[test]
    fn any_free_slot_says_whether_free_slots_finds_one() {
        let staff = staff();
        // Both busy all day but for 13:00–13:30 on Ana's side; then nobody at all.
        let day_taken = [
            Busy {
                staff_id: "ana",
                start: 0,
                end: 780,
            },
            Busy {
                staff_id: "ana",
                start: 810,
                end: 1440,
            },
            Busy {
                staff_id: "luis",
                start: 0,
                end: 1440,
            },
        ];
        let mut sunday = query(&staff, &[], 30);
        sunday.date = date!(2026 - 11 - 29);
        let mut luis_only = query(&staff, &day_taken, 30);
        luis_only.only_staff = Some("luis");
        let mut late = query(&staff, &[], 30);
        late.window = Window::from_now((date!(2026 - 11 - 27), 1230));
        for (query, expected) in [
            (query(&staff, &[], 30), true),
            (query(&staff, &day_taken, 30), true),
            (query(&staff, &day_taken, 45), false),
            (luis_only, false),
            (sunday, false),
            (late, false),
            (query(&staff, &[], 0), false),
        ] {
            let slots = free_slots(&salon(), &Calendar::default(), &query);
            let any = any_free_slot(&salon(), &Calendar::default(), &query);
            assert_eq!(any, !slots.is_empty(), "{slots:?}");
            assert_eq!(any, expected, "{slots:?}");
        }
    }

    #[test]
    fn offers_are_the_nearest_times_or_spread_over_a_range() {
        let staff = staff();
        let busy = [
            Busy {
                staff_id: "ana",
                start: 1020,
                end: 1080,
            },
            Busy {
                staff_id: "luis",
                start: 1020,
                end: 1080,
            },
        ];
        let slots = free_slots(&salon(), &Calendar::default(), &query(&staff, &busy, 30));
        assert!(at(&slots, 1020).is_none(), "17:00 is taken for both");
        let offered: Vec<DayMinute> = nearest(&slots, 1020, 3).iter().map(|s| s.start).collect();
        assert_eq!(
            offered,
            [990, 1080, 1095],
            "16:30 (ends at 17:00), then 18:00 and 18:15"
        );
        let morning: Vec<DayMinute> = spread(&slots, 570, 840, 4)
            .iter()
            .map(|s| s.start)
            .collect();
        assert_eq!(
            morning,
            [570, 645, 720, 810],
            "first, last (fits by 14:00) and between"
        );
        assert_eq!(
            spread(&slots, 570, 600, 4).len(),
            2,
            "fewer times than asked: all of them"
        );
    }
}
