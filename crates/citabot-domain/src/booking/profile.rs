//! The salon's profile (issue 11): what a visitor reads about it and the assistant answers from.
//! The server checks each field's limits; these are the values as stored.

use super::rules::BookingRules;

/// Where the salon is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Address {
    pub street: String,
    pub postal_code: String,
    pub city: String,
}

/// A question visitors ask, with its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Faq {
    pub question: String,
    pub answer: String,
}

/// The most FAQ entries a salon keeps.
pub const MAX_FAQ: usize = 50;
/// The brand colour until one is chosen.
pub const DEFAULT_BRAND_COLOR: &str = "#9d174d";

/// What the salon says about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BusinessProfile {
    pub address: Address,
    pub phone: String,
    pub email: String,
    pub description: String,
    pub payment_methods: Vec<String>,
    pub parking: String,
    pub access: String,
    pub faq: Vec<Faq>,
    /// `#rrggbb`, lower case.
    pub brand_color: String,
}

impl Default for BusinessProfile {
    fn default() -> Self {
        Self {
            address: Address::default(),
            phone: String::new(),
            email: String::new(),
            description: String::new(),
            payment_methods: Vec::new(),
            parking: String::new(),
            access: String::new(),
            faq: Vec::new(),
            brand_color: DEFAULT_BRAND_COLOR.to_owned(),
        }
    }
}

/// The profile and the booking rules, saved together.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BusinessSettings {
    pub profile: BusinessProfile,
    pub rules: BookingRules,
}

/// Whether `text` is a colour `#rrggbb`.
pub fn is_hex_color(text: &str) -> bool {
    text.len() == 7
        && text.starts_with('#')
        && text[1..].chars().all(|letter| letter.is_ascii_hexdigit())
}

/// The brand colour `brand` (`#rrggbb`) darkened just enough for white text on it, and it as
/// text on white, to reach WCAG AA (4.5:1): a salon picks its colour for its looks, and the
/// messages draw their buttons and links in it. Anything but a colour gives the default's.
pub fn accent_on_white(brand: &str) -> String {
    let channels = |text: &str| -> Option<[f64; 3]> {
        if !is_hex_color(text) {
            return None;
        }
        let channel = |at: usize| {
            u8::from_str_radix(&text[at..at + 2], 16)
                .ok()
                .map(f64::from)
        };
        Some([channel(1)?, channel(3)?, channel(5)?])
    };
    let start = channels(brand)
        .or_else(|| channels(DEFAULT_BRAND_COLOR))
        .unwrap_or([0.0; 3]);
    // Mixed towards black in 5 % steps, as the site's `mix` does in sRGB.
    let mut color = start;
    for step in 0..=20 {
        let amount = f64::from(step) / 20.0;
        color = start.map(|channel| channel * (1.0 - amount));
        if contrast_with_white(color) >= 4.5 {
            break;
        }
    }
    let [red, green, blue] = color.map(|channel| channel.round().clamp(0.0, 255.0) as u8);
    format!("#{red:02x}{green:02x}{blue:02x}")
}

/// WCAG 2's contrast ratio between white and the colour `rgb` (channels 0–255).
fn contrast_with_white(rgb: [f64; 3]) -> f64 {
    let [red, green, blue] = rgb.map(|channel| {
        let value = channel.round() / 255.0;
        if value <= 0.03928 {
            value / 12.92
        } else {
            ((value + 0.055) / 1.055).powf(2.4)
        }
    });
    let luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
    1.05 / (luminance + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_accent_is_the_brand_darkened_only_as_far_as_contrast_asks() {
        // Dark enough already: kept.
        assert_eq!(accent_on_white("#9d174d"), "#9d174d");
        assert_eq!(accent_on_white("#0f7b6c"), "#0f7b6c");
        for brand in ["#ffd700", "#ffffff", "#7fdbff", "#ff69b4"] {
            let accent = accent_on_white(brand);
            let rgb =
                [1, 3, 5].map(|at| f64::from(u8::from_str_radix(&accent[at..at + 2], 16).unwrap()));
            assert!(contrast_with_white(rgb) >= 4.5, "{brand} → {accent}");
            assert_ne!(accent, "#000000", "{brand} is darkened, not blackened");
        }
        assert_eq!(accent_on_white("no"), DEFAULT_BRAND_COLOR);
    }

    #[test]
    fn colours_are_six_hex_digits() {
        assert!(is_hex_color("#9d174d"));
        assert!(is_hex_color("#ABCDEF"));
        for bad in ["9d174d", "#9d174", "#9d174dd", "#gggggg", "", "#ñ1234"] {
            assert!(!is_hex_color(bad), "{bad}");
        }
    }
}
