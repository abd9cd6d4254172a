//! The demo business (REQUIREMENTS B6): the hair salon the server seeds into an empty database, and
//! the business the booking tests and benchmarks run against.

use time::{Date, Month, Weekday};

use super::profile::{Address, BusinessProfile, BusinessSettings, Faq};
use super::rules::{BookingRules, Closure};
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
            "La sesión dura unas dos horas y media. El resultado dura de tres a cinco meses según el tipo de pelo y los cuidados.",
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

/// The salon closes on Christmas Day of `year`.
pub fn christmas(year: i32) -> Option<Closure> {
    let day = Date::from_calendar_date(year, Month::December, 25).ok()?;
    Some(Closure {
        id: format!("navidad-{year}"),
        from: day,
        to: day,
        reason: "Navidad".into(),
    })
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
}
