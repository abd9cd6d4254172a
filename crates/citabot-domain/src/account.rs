//! Accounts: roles and the values a person types when signing up, validated once here so the
//! server and the store can rely on them.

use std::fmt;

use unicode_normalization::UnicodeNormalization;

use crate::text::{NameRefusal, Visible, hidden_character, mixes_scripts, one_line_name};

/// What a signed-in account may do. Visitors without an account are guests: they have no role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// A client of the business: books and manages their own appointments.
    Cliente,
    /// A staff member: sees and manages every appointment.
    Usuario,
    /// Staff who also manage services, staff and settings.
    Administrador,
}

impl Role {
    /// The stable name used in storage, metadata and the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cliente => "cliente",
            Self::Usuario => "usuario",
            Self::Administrador => "administrador",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "cliente" => Some(Self::Cliente),
            "usuario" => Some(Self::Usuario),
            "administrador" => Some(Self::Administrador),
            _ => None,
        }
    }

    /// Staff see every appointment and the dashboard.
    pub fn is_staff(self) -> bool {
        matches!(self, Self::Usuario | Self::Administrador)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a sign-up value was refused; the messages are shown to the person who typed it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccountValueError {
    #[error("the email address is not valid")]
    InvalidEmail,
    #[error("the email address has invisible or control characters")]
    EmailHasHiddenCharacters,
    #[error("the email address mixes scripts in one part")]
    EmailMixesScripts,
    #[error("the password must have at least {min} characters")]
    PasswordTooShort { min: usize },
    #[error("the password must have at most {max} characters")]
    PasswordTooLong { max: usize },
    #[error("the {field} is required")]
    MissingName { field: &'static str },
    #[error("the {field} must have at most {max} characters")]
    NameTooLong { field: &'static str, max: usize },
    #[error("the {field} has invisible or control characters")]
    NameHasHiddenCharacters { field: &'static str },
    #[error("the {field} stacks more than {max} marks on one letter")]
    NameStacksMarks { field: &'static str, max: usize },
    #[error("the phone number is not valid")]
    InvalidPhone,
}

/// An email address in its one comparable form, which is also the form stored and written to:
/// trimmed, Unicode NFKC (full-width and other compatibility forms become the plain letters,
/// "ａｎａ" is "ana"), lower case. So one person has one account however the address is typed.
/// Characters that cannot be seen are refused rather than dropped, and so is a part of the
/// address that mixes scripts (Latin with a Cyrillic "а"): folding those would guess.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// RFC 5321's limit on a whole address.
    pub const MAX_LEN: usize = 254;

    /// Accepts `local@domain.tld`: one `@`, no spaces or control characters, a dot in the
    /// domain and no empty label. Deliverability is not ours to prove.
    pub fn parse(raw: &str) -> Result<Self, AccountValueError> {
        // Lower case can undo NFKC's composition (İ becomes i and a dot above): normalising
        // again makes the key a fixed point, so a stored key parses to itself.
        let email: String = raw
            .trim()
            .nfkc()
            .collect::<String>()
            .to_lowercase()
            .nfkc()
            .collect();
        if email.chars().any(char::is_whitespace) {
            return Err(AccountValueError::InvalidEmail);
        }
        if hidden_character(&email, Visible::Strictly).is_some() {
            return Err(AccountValueError::EmailHasHiddenCharacters);
        }
        let Some((local, domain)) = email.split_once('@') else {
            return Err(AccountValueError::InvalidEmail);
        };
        let valid = email.len() <= Self::MAX_LEN
            && !local.is_empty()
            && local.len() <= 64
            && !domain.contains('@')
            && domain.contains('.')
            && domain.split('.').all(|label| {
                !label.is_empty()
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_alphanumeric() || c == '-')
            });
        if !valid {
            return Err(AccountValueError::InvalidEmail);
        }
        if mixes_scripts(local) || domain.split('.').any(mixes_scripts) {
            return Err(AccountValueError::EmailMixesScripts);
        }
        Ok(Self(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A new password, as typed. Never logged, never stored: only its hash is.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl NewPassword {
    /// ASVS 6.2.1 asks for at least 8; more is the person's choice.
    pub const MIN_CHARS: usize = 8;
    /// Bounds the hashing work one request can cause.
    pub const MAX_CHARS: usize = 128;

    pub fn parse(raw: &str) -> Result<Self, AccountValueError> {
        let chars = raw.chars().count();
        if chars < Self::MIN_CHARS {
            return Err(AccountValueError::PasswordTooShort {
                min: Self::MIN_CHARS,
            });
        }
        if chars > Self::MAX_CHARS {
            return Err(AccountValueError::PasswordTooLong {
                max: Self::MAX_CHARS,
            });
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NewPassword(***)")
    }
}

/// A first or last name: trimmed, in Unicode NFC (an accent typed apart is the same letter), not
/// empty, bounded, and nothing in it that cannot be seen (bidi controls, zero-width characters)
/// but the joiners of an emoji sequence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub const MAX_CHARS: usize = 80;

    pub fn parse(raw: &str, field: &'static str) -> Result<Self, AccountValueError> {
        one_line_name(raw, Self::MAX_CHARS)
            .map(Self)
            .map_err(|refusal| match refusal {
                NameRefusal::Missing => AccountValueError::MissingName { field },
                NameRefusal::TooLong { max } => AccountValueError::NameTooLong { field, max },
                NameRefusal::HiddenCharacters => {
                    AccountValueError::NameHasHiddenCharacters { field }
                }
                NameRefusal::StacksMarks { max } => {
                    AccountValueError::NameStacksMarks { field, max }
                }
            })
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A phone number, kept in one form whatever way it was written: E.164 (`+34612345678`) for
/// a Spanish number (nine digits starting with 6, 7, 8 or 9, with or without `+34` / `0034`) or
/// one given with its country's `+` or `00` (8 to 15 digits); another country's national number
/// with its trunk 0 (`07700 900123`, 10 or 11 digits) as its digits, as the salon would dial it.
/// People write digits with an optional leading `+`, spaces, dots, dashes and parentheses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    pub fn parse(raw: &str) -> Result<Self, AccountValueError> {
        let phone = raw.trim();
        let allowed = phone
            .char_indices()
            .all(|(i, c)| c.is_ascii_digit() || " .-()".contains(c) || (c == '+' && i == 0));
        let compact: String = phone
            .chars()
            .filter(|c| c.is_ascii_digit() || *c == '+')
            .collect();
        match Self::from_compact(&compact) {
            Some(phone) if allowed => Ok(phone),
            _ => Err(AccountValueError::InvalidPhone),
        }
    }

    /// The phone of `run`, digits with an optional leading `+` and nothing between them.
    pub fn from_compact(run: &str) -> Option<Self> {
        let (international, digits) = match run.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => match run.strip_prefix("00") {
                Some(rest) if rest.len() >= 8 => (true, rest),
                _ => (false, run),
            },
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let spanish = |national: &str| {
            (national.len() == 9 && matches!(national.as_bytes()[0], b'6' | b'7' | b'8' | b'9'))
                .then(|| Self(format!("+34{national}")))
        };
        if international {
            // 34 is Spain's, and no other country's code starts with it: a +34 number is a
            // Spanish one or a mistyped one.
            if let Some(national) = digits.strip_prefix("34") {
                return spanish(national);
            }
            return ((8..=15).contains(&digits.len()) && !digits.starts_with('0'))
                .then(|| Self(format!("+{digits}")));
        }
        if (10..=11).contains(&digits.len()) && digits.starts_with('0') && !digits.starts_with("00")
        {
            return Some(Self(digits.to_owned()));
        }
        spanish(digits)
    }

    /// The stored form.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `text` (a stored phone, or one kept before phones had one form) written the Spanish
    /// way; as it is when it is no phone.
    pub fn readable(text: &str) -> String {
        Self::parse(text).map_or_else(|_| text.to_owned(), |phone| phone.for_reading())
    }

    /// The number written the Spanish way: a Spanish number in groups of three after its
    /// country code (`+34 612 345 678`); any other as it is kept.
    pub fn for_reading(&self) -> String {
        match self.0.strip_prefix("+34") {
            Some(digits) if digits.len() == 9 => {
                format!("+34 {} {} {}", &digits[..3], &digits[3..6], &digits[6..])
            }
            _ => self.0.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_and_staff_are_usuario_and_administrador() {
        for role in [Role::Cliente, Role::Usuario, Role::Administrador] {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("guest"), None);
        assert_eq!(Role::parse("Administrador"), None, "names are exact");
        assert!(!Role::Cliente.is_staff());
        assert!(Role::Usuario.is_staff() && Role::Administrador.is_staff());
    }

    #[test]
    fn emails_are_normalised_and_checked() {
        assert_eq!(
            Email::parse("  Ana.Lopez@Ejemplo.ES ").map(|e| e.to_string()),
            Ok("ana.lopez@ejemplo.es".into())
        );
        assert!(
            Email::parse("josé@correo.es").is_ok(),
            "internationalised local parts are fine"
        );
        for bad in [
            "",
            "ana",
            "ana@",
            "@ejemplo.es",
            "ana@ejemplo",
            "ana@@ejemplo.es",
            "ana lopez@ejemplo.es",
            "ana@ejemplo..es",
            "ana@-ejemplo.es",
            "ana@ejem\nplo.es",
        ] {
            assert_eq!(
                Email::parse(bad),
                Err(AccountValueError::InvalidEmail),
                "{bad:?}"
            );
        }
        let longest_local = "a".repeat(64);
        assert!(Email::parse(&format!("{longest_local}@ejemplo.es")).is_ok());
        assert!(Email::parse(&format!("{longest_local}a@ejemplo.es")).is_err());
        let long_domain = format!("a@{}.es", "b".repeat(250));
        assert!(Email::parse(&long_domain).is_err());
    }

    #[test]
    fn look_alike_emails_fold_to_one_key() {
        let plain = Email::parse("ana@ejemplo.es").expect("valid");
        for look_alike in [
            "ａｎａ@ｅｊｅｍｐｌｏ.ｅｓ",
            "ＡＮＡ@Ejemplo.es",
            "ana＠ejemplo．es",
        ] {
            assert_eq!(
                Email::parse(look_alike).as_ref(),
                Ok(&plain),
                "{look_alike}"
            );
        }
        assert_eq!(
            Email::parse("jose\u{301}@correo.es"),
            Email::parse("josé@correo.es"),
            "a decomposed accent is the same address"
        );
        for raw in [
            "ＡＮＡ@Ejemplo.es",
            "İstanbul@correo.es",
            "jose\u{301}@correo.es",
            "ﬁgo@ejemplo.es",
        ] {
            let once = Email::parse(raw).expect("valid");
            assert_eq!(
                Email::parse(once.as_str()).as_ref(),
                Ok(&once),
                "the key is a fixed point: {raw}"
            );
        }
    }

    #[test]
    fn emails_with_hidden_characters_are_refused() {
        for hidden in [
            "ana\u{200b}@ejemplo.es",
            "ana@ejemplo\u{200d}.es",
            "an\u{200c}a@ejemplo.es",
            "\u{feff}ana@ejemplo.es",
            "an\u{ad}a@ejemplo.es",
            "ana\u{2060}@ejemplo.es",
            "ana\u{200e}@ejemplo.es",
            "ana\u{200f}@ejemplo.es",
            "\u{202e}ana@ejemplo.es",
            "ana\u{2066}@ejemplo.es\u{2069}",
            "ana\u{61c}@ejemplo.es",
            "an\u{34f}a@ejemplo.es",
            "ana\u{fe0f}@ejemplo.es",
            "ana\u{e0041}@ejemplo.es",
            "ana\u{7f}@ejemplo.es",
        ] {
            assert_eq!(
                Email::parse(hidden),
                Err(AccountValueError::EmailHasHiddenCharacters),
                "{hidden:?}"
            );
        }
    }

    #[test]
    fn emails_mixing_scripts_in_one_part_are_refused_not_folded() {
        for mixed in [
            "\u{430}na@ejemplo.es",
            "ana@\u{435}jemplo.es",
            "ana@ejemplo.\u{435}s",
            "\u{3bf}scar@ejemplo.es",
        ] {
            assert_eq!(
                Email::parse(mixed),
                Err(AccountValueError::EmailMixesScripts),
                "{mixed:?}"
            );
        }
        for one_script_per_part in [
            "иван@пример.рф",
            "ivan@пример.рф",
            "иван2024@ejemplo.es",
            "やまだ太郎@例え.jp",
            "γιώργος@παράδειγμα.gr",
        ] {
            assert!(
                Email::parse(one_script_per_part).is_ok(),
                "{one_script_per_part}"
            );
        }
    }

    #[test]
    fn passwords_have_bounds_and_never_print() {
        assert_eq!(
            NewPassword::parse("1234567"),
            Err(AccountValueError::PasswordTooShort { min: 8 })
        );
        assert!(NewPassword::parse("12345678").is_ok());
        assert!(NewPassword::parse(&"ñ".repeat(128)).is_ok());
        assert_eq!(
            NewPassword::parse(&"x".repeat(129)),
            Err(AccountValueError::PasswordTooLong { max: 128 })
        );
        let password = NewPassword::parse("correct horse").expect("valid");
        assert!(!format!("{password:?}").contains("horse"));
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(
            PersonName::parse("  Ana ", "first name").map(|n| n.as_str().to_owned()),
            Ok("Ana".into())
        );
        assert_eq!(
            PersonName::parse("  ", "first name"),
            Err(AccountValueError::MissingName {
                field: "first name"
            })
        );
        assert!(PersonName::parse(&"a".repeat(80), "last name").is_ok());
        assert!(PersonName::parse(&"a".repeat(81), "last name").is_err());
    }

    #[test]
    fn names_are_composed_and_keep_accents_and_emoji() {
        assert_eq!(
            PersonName::parse("Jose\u{301}", "first name").map(|n| n.as_str().to_owned()),
            Ok("José".into()),
            "NFC: the accent typed apart is the same letter"
        );
        for name in [
            "María José",
            "Núñez O'Connor-Smith",
            "Zoë",
            "Nguyễn",
            "Иванова",
            "Ana 👩\u{200d}👩\u{200d}👧",
        ] {
            assert_eq!(
                PersonName::parse(name, "first name").map(|n| n.as_str().to_owned()),
                Ok(name.to_owned()),
                "{name}"
            );
        }
    }

    #[test]
    fn names_with_hidden_characters_or_stacked_marks_are_refused() {
        for hidden in [
            "Ana\u{202e}zepóL",
            "A\u{200b}na",
            "Ana\u{2066}x\u{2069}",
            "\u{feff}Ana",
            "An\u{ad}a",
            "Ana\u{200f}",
            "Ana\u{61c}",
            "An\u{200d}a",
            "Ana\u{7}",
        ] {
            assert_eq!(
                PersonName::parse(hidden, "first name"),
                Err(AccountValueError::NameHasHiddenCharacters {
                    field: "first name"
                }),
                "{hidden:?}"
            );
        }
        let zalgo = format!("Ana{}", "\u{336}".repeat(9));
        assert_eq!(
            PersonName::parse(&zalgo, "last name"),
            Err(AccountValueError::NameStacksMarks {
                field: "last name",
                max: 8
            })
        );
    }

    #[test]
    fn phones_accept_how_people_write_them() {
        for (typed, kept) in [
            ("+34 600 123 456", "+34600123456"),
            ("600123456", "+34600123456"),
            ("600 12 34 56", "+34600123456"),
            ("0034 600-123-456", "+34600123456"),
            ("(91) 555-12-34", "+34915551234"),
            ("+1.202.555.0143", "+12025550143"),
            ("0044 7700 900123", "+447700900123"),
            ("07700 900123", "07700900123"),
        ] {
            assert_eq!(
                Phone::parse(typed).map(|phone| phone.0),
                Ok(kept.into()),
                "{typed}"
            );
        }
        assert_eq!(
            Phone::parse("600 12 34 56").map(|phone| phone.for_reading()),
            Ok("+34 600 123 456".into())
        );
        assert_eq!(
            Phone::parse("+44 7700 900123").map(|phone| phone.for_reading()),
            Ok("+447700900123".into())
        );
        for bad in [
            "",
            "12345",
            "600 12a 456",
            "34+600123456",
            "+34 600 123 456 789 012",
            "123456789",
            "+34 500 123 456",
            "+34 600 123 45",
            "0034 600 123 4567",
        ] {
            assert_eq!(
                Phone::parse(bad),
                Err(AccountValueError::InvalidPhone),
                "{bad}"
            );
        }
    }
}
