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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_six_hex_digits() {
        assert!(is_hex_color("#9d174d"));
        assert!(is_hex_color("#ABCDEF"));
        for bad in ["9d174d", "#9d174", "#9d174dd", "#gggggg", "", "#ñ1234"] {
            assert!(!is_hex_color(bad), "{bad}");
        }
    }
}
