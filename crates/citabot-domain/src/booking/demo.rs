//! The demo business (REQUIREMENTS B6): the hair salon the server seeds into an empty database, and
//! the business the booking tests and benchmarks run against.

use time::{Date, Duration, Month, Weekday};

use super::profile::{Address, BusinessProfile, BusinessSettings, Faq};
use super::rules::{BookingRules, Closure};
use super::{Business, OpeningPeriod, Service, WeeklyHours};

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

/// The salon's profile: a Madrid address, contact details, how to pay and get there, and the
/// questions visitors ask most; the default booking rules.
pub fn settings() -> BusinessSettings {
    let faq = [
        (
            "¿Cuánto cuesta un corte?",
            "El corte de pelo (con lavado y secado) cuesta 25 €, el de caballero 15 € y el arreglo de barba 8 €. Tienes todos los precios en la carta de servicios.",
        ),
        (
            "¿Qué horario tenéis?",
            "De lunes a viernes de 9:30 a 14:00 y de 16:30 a 20:30; los sábados de 9:00 a 14:00. Los domingos y festivos cerramos.",
        ),
        (
            "¿Cómo cancelo o cambio mi cita?",
            "Desde «Mis citas» en la web o escribiendo al asistente. Te pedimos que lo hagas con al menos una hora de antelación para poder dar el hueco a otra persona.",
        ),
        (
            "¿Hay aparcamiento cerca?",
            "No tenemos aparcamiento propio. El más cercano es el aparcamiento público de la calle de Fuencarral 70, a 3 minutos andando.",
        ),
        (
            "¿Puedo pagar con tarjeta?",
            "Sí: tarjeta, efectivo y Bizum.",
        ),
        (
            "¿Atendéis a niños?",
            "Sí, cortamos el pelo a niños a partir de 3 años con el servicio de corte de pelo.",
        ),
        (
            "¿Qué productos usáis?",
            "Trabajamos con tintes sin amoniaco y productos profesionales veganos; puedes comprarlos en el salón.",
        ),
        (
            "¿Cuánto dura el alisado de keratina?",
            "La sesión dura unas dos horas y media. El resultado dura de 3 a 5 meses según el tipo de pelo y los cuidados.",
        ),
        (
            "¿Tengo que llevar el pelo lavado para el tinte?",
            "No hace falta: mejor ven con el pelo sin lavar del día, protege el cuero cabelludo.",
        ),
        (
            "¿Se puede ir sin cita?",
            "Si hay un hueco libre te atendemos, pero con cita te aseguras la hora: resérvala aquí mismo.",
        ),
    ];
    BusinessSettings {
        profile: BusinessProfile {
            address: Address {
                street: "Calle de Fuencarral 45".into(),
                postal_code: "28004".into(),
                city: "Madrid".into(),
            },
            phone: "+34 910 123 456".into(),
            email: "hola@peluquerialucia.example".into(),
            description: "Peluquería de barrio en Malasaña desde 2009: cortes, color, mechas, \
                          alisados de keratina, barbería y manicura."
                .into(),
            payment_methods: vec!["Tarjeta".into(), "Efectivo".into(), "Bizum".into()],
            parking: "Aparcamiento público en la calle de Fuencarral 70, a 3 minutos andando."
                .into(),
            access:
                "Local a pie de calle, sin escalones. Metro Tribunal (líneas 1 y 10) a 2 minutos."
                    .into(),
            faq: faq
                .into_iter()
                .map(|(question, answer)| Faq {
                    question: question.into(),
                    answer: answer.into(),
                })
                .collect(),
            brand_color: "#9d174d".into(),
        },
        rules: BookingRules::default(),
    }
}

/// `(id, name, description, minutes, cents)` of each service, in menu order.
const SERVICES: [(&str, &str, &str, u16, u32); 8] = [
    (
        "corte-mujer",
        "Corte de pelo",
        "Corte, lavado y secado.",
        45,
        2500,
    ),
    (
        "corte-caballero",
        "Corte de caballero",
        "Corte a tijera o máquina.",
        30,
        1500,
    ),
    (
        "peinado",
        "Lavado y peinado",
        "Lavado, peinado y secado.",
        30,
        1800,
    ),
    (
        "tinte",
        "Tinte",
        "Color completo de raíz a puntas.",
        90,
        4800,
    ),
    ("mechas", "Mechas", "Mechas o balayage.", 120, 6500),
    (
        "keratina",
        "Alisado de keratina",
        "Alisado con tratamiento de keratina.",
        150,
        9000,
    ),
    (
        "barba",
        "Arreglo de barba",
        "Perfilado y arreglo de barba.",
        15,
        800,
    ),
    ("manicura", "Manicura", "Manicura con esmaltado.", 40, 2000),
];

/// The demo's services, in menu order, all active.
pub fn services() -> Vec<Service> {
    SERVICES
        .into_iter()
        .map(
            |(id, name, description, duration_min, price_cents)| Service {
                id: id.to_owned(),
                name: name.to_owned(),
                description: description.to_owned(),
                duration_min,
                price_cents,
                active: true,
            },
        )
        .collect()
}

/// The services each stylist does (by email): Lucía the colour work, Javier the barbering, both
/// the cuts, washes, tints and manicures.
pub const SKILLS: [(&str, &[&str]); 2] = [
    (
        "lucia@peluqueria.example",
        &[
            "corte-mujer",
            "corte-caballero",
            "peinado",
            "tinte",
            "mechas",
            "keratina",
            "manicura",
        ],
    ),
    (
        "javier@peluqueria.example",
        &[
            "corte-mujer",
            "corte-caballero",
            "peinado",
            "tinte",
            "barba",
            "manicura",
        ],
    ),
];

/// The salon's closure on Christmas Day of `year`, as [`holidays`] has it (none in a year when
/// it falls on a Sunday).
pub fn christmas(year: i32) -> Option<Closure> {
    let day = Date::from_calendar_date(year, Month::December, 25).ok()?;
    holidays(day)
        .into_iter()
        .find(|closure| closure.from == day)
}

/// The public holidays a salon in Madrid closes on (Spain's and the Comunidad de Madrid's, with
/// the city's San Isidro), from `from` to the end of the next year, as closures. The FAQ's "los
/// festivos cerramos" is then what the calendar says too.
pub fn holidays(from: Date) -> Vec<Closure> {
    const FIXED: [(Month, u8, &str); 11] = [
        (Month::January, 1, "Año Nuevo"),
        (Month::January, 6, "Reyes"),
        (Month::May, 1, "Día del Trabajo"),
        (Month::May, 2, "Día de la Comunidad de Madrid"),
        (Month::May, 15, "San Isidro"),
        (Month::August, 15, "Asunción"),
        (Month::October, 12, "Fiesta Nacional"),
        (Month::November, 1, "Todos los Santos"),
        (Month::December, 6, "Día de la Constitución"),
        (Month::December, 8, "Inmaculada Concepción"),
        (Month::December, 25, "Navidad"),
    ];
    let mut days: Vec<(Date, &str)> = Vec::new();
    for year in [from.year(), from.year() + 1] {
        for (month, day, reason) in FIXED {
            if let Ok(date) = Date::from_calendar_date(year, month, day) {
                days.push((date, reason));
            }
        }
        if let Some(easter) = easter_sunday(year) {
            days.push((easter - Duration::days(3), "Jueves Santo"));
            days.push((easter - Duration::days(2), "Viernes Santo"));
        }
    }
    days.sort();
    // A holiday on a Sunday, when the salon never opens, closes nothing.
    let hours = salon().hours;
    days.into_iter()
        .filter(|(date, _)| *date >= from && !hours.on(date.weekday()).is_empty())
        .map(|(date, reason)| Closure {
            id: if reason == "Navidad" {
                format!("navidad-{}", date.year())
            } else {
                format!("festivo-{date}")
            },
            from: date,
            to: date,
            reason: reason.into(),
        })
        .collect()
}

/// Easter Sunday of `year` in the Gregorian calendar (the anonymous algorithm, as published by
/// Butcher in 1876).
fn easter_sunday(year: i32) -> Option<Date> {
    let a = year % 19;
    let b = year / 100;
    let c = year % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = Month::try_from(u8::try_from((h + l - 7 * m + 114) / 31).ok()?).ok()?;
    let day = u8::try_from((h + l - 7 * m + 114) % 31 + 1).ok()?;
    Date::from_calendar_date(year, month, day).ok()
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

    #[test]
    fn the_demo_profile_is_full() {
        let settings = settings();
        assert!(settings.profile.faq.len() >= 8);
        assert!(super::super::profile::is_hex_color(
            &settings.profile.brand_color
        ));
        assert_eq!(settings.profile.address.city, "Madrid");
        let closure = christmas(2026).expect("a date");
        assert_eq!(closure.from.day(), 25);
    }

    #[test]
    fn easter_falls_where_the_calendars_say() {
        use time::macros::date;
        assert_eq!(easter_sunday(2026), Some(date!(2026 - 04 - 05)));
        assert_eq!(easter_sunday(2027), Some(date!(2027 - 03 - 28)));
        assert_eq!(easter_sunday(2000), Some(date!(2000 - 04 - 23)));
        assert_eq!(easter_sunday(2038), Some(date!(2038 - 04 - 25)));
    }

    #[test]
    fn the_holidays_ahead_of_a_date() {
        use time::macros::date;
        let ahead = holidays(date!(2026 - 11 - 20));
        let days: Vec<(Date, &str)> = ahead
            .iter()
            .take(5)
            .map(|closure| (closure.from, closure.reason.as_str()))
            .collect();
        assert_eq!(
            days,
            [
                // (Sunday 6 December, Constitution Day, is closed anyway.)
                (date!(2026 - 12 - 08), "Inmaculada Concepción"),
                (date!(2026 - 12 - 25), "Navidad"),
                (date!(2027 - 01 - 01), "Año Nuevo"),
                (date!(2027 - 01 - 06), "Reyes"),
                (date!(2027 - 03 - 25), "Jueves Santo"),
            ]
        );
        assert_eq!(ahead[1].id, "navidad-2026");
        assert!(
            ahead
                .iter()
                .any(|c| c.from == date!(2027 - 03 - 26) && c.reason == "Viernes Santo")
        );
        assert_eq!(ahead.last().map(|c| c.from), Some(date!(2027 - 12 - 25)));
        assert!(
            ahead
                .iter()
                .all(|c| c.from >= date!(2026 - 11 - 20) && c.from == c.to)
        );
    }
}
