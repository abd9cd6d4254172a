//! The two mail settings that are more than text, read once when the settings load: the mail
//! server (`smtp_url`, as an [`SmtpTarget`]) and who messages come from (`mail_from`, as a
//! [`MailFrom`]). A bad value stops the load with what is wrong, never the password; the mail
//! code then uses the values as they are.

use serde::{Deserialize, Serialize};

use super::redact_url_password;

/// When the mail server is offered TLS on a plain `smtp://` connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartTls {
    /// When the server offers STARTTLS (the default).
    WhenOffered,
    /// Always; a server that does not offer it is an error (`?tls=required`).
    Required,
    /// Never: the connection stays in clear text (`?tls=none`, a relay on the same host).
    Never,
}

/// Where and how messages are handed over, as `smtp_url` says. Written out (the settings
/// shown, a layer merged), it is the URL it was read from.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SmtpTarget {
    url: String,
    pub host: String,
    pub port: u16,
    /// `smtps://`: TLS from the first byte. Otherwise `starttls` decides.
    pub implicit_tls: bool,
    pub starttls: StartTls,
    /// User and password, when the server wants a login.
    pub login: Option<(String, String)>,
}

impl std::fmt::Debug for SmtpTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&redact_url_password(&self.url))
    }
}

impl SmtpTarget {
    /// Reads `smtp://[user[:password]@]host[:port][?tls=required|none]` (port 587 by default)
    /// or `smtps://[user[:password]@]host[:port]` (port 465). The error says what is wrong,
    /// never the password.
    pub fn parse(value: &str) -> Result<Self, String> {
        let url = url::Url::parse(value).map_err(|error| format!("not a URL ({error})"))?;
        let implicit_tls = match url.scheme() {
            "smtp" => false,
            "smtps" => true,
            other => return Err(format!("the scheme is {other}:, not smtp: or smtps:")),
        };
        let host = match url.host() {
            Some(url::Host::Ipv6(address)) => address.to_string(),
            Some(host) => host.to_string(),
            None => return Err("there is no host".to_owned()),
        };
        if host.is_empty() {
            return Err("there is no host".to_owned());
        }
        if !matches!(url.path(), "" | "/") {
            return Err("an SMTP URL has no path".to_owned());
        }
        let mut starttls = StartTls::WhenOffered;
        for (key, value) in url.query_pairs() {
            starttls = match (key.as_ref(), value.as_ref()) {
                ("tls", "required") if !implicit_tls => StartTls::Required,
                ("tls", "none") if !implicit_tls => StartTls::Never,
                _ => {
                    return Err(format!(
                        "unknown option {key}={value} (smtp:// takes tls=required or tls=none)"
                    ));
                }
            };
        }
        let decode = |part: &str| {
            percent_decode(part).ok_or_else(|| "the user or password is not UTF-8".to_owned())
        };
        let login = match (url.username(), url.password()) {
            ("", None) => None,
            ("", Some(_)) => return Err("a password without a user".to_owned()),
            (user, password) => Some((decode(user)?, decode(password.unwrap_or_default())?)),
        };
        Ok(Self {
            url: value.to_owned(),
            host,
            port: url.port().unwrap_or(if implicit_tls { 465 } else { 587 }),
            implicit_tls,
            starttls,
            login,
        })
    }

    /// The same target with its password shown as `***`, to be displayed.
    pub fn redacted(&self) -> Self {
        Self {
            url: redact_url_password(&self.url),
            login: self
                .login
                .as_ref()
                .map(|(user, _)| (user.clone(), "***".to_owned())),
            ..self.clone()
        }
    }
}

// The settings loader names the key after these errors.
impl TryFrom<String> for SmtpTarget {
    type Error = String;

    fn try_from(value: String) -> Result<Self, String> {
        Self::parse(&value).map_err(|why| format!("{:?}: {why}", redact_url_password(&value)))
    }
}

impl From<SmtpTarget> for String {
    fn from(target: SmtpTarget) -> Self {
        target.url
    }
}

/// `%XX` sequences in a URL's user or password as the bytes they stand for.
fn percent_decode(part: &str) -> Option<String> {
    let bytes = part.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let hex = (bytes[index] == b'%')
            .then(|| part.get(index + 1..index + 3))
            .flatten()
            .and_then(|digits| u8::from_str_radix(digits, 16).ok());
        match hex {
            Some(byte) => {
                decoded.push(byte);
                index += 3;
            }
            None => {
                decoded.push(bytes[index]);
                index += 1;
            }
        }
    }
    String::from_utf8(decoded).ok()
}

/// Who messages come from: `Name <address>`, or a bare address (then the name is "citabot").
/// Written out, it is `Name <address>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct MailFrom {
    pub name: String,
    pub address: lettre::Address,
}

impl MailFrom {
    /// `None` when the address is not one (no `@`, spaces or angle brackets inside it, or
    /// anything else a mail server would refuse).
    pub fn parse(value: &str) -> Option<Self> {
        let value = value.trim();
        let (name, address) = match value.rsplit_once('<') {
            Some((name, rest)) => (name.trim().trim_matches('"'), rest.strip_suffix('>')?),
            None => ("", value),
        };
        let (local, domain) = address.split_once('@')?;
        let plain = |part: &str| {
            !part.is_empty() && !part.contains(|c: char| c.is_whitespace() || "<>@,;\"".contains(c))
        };
        if !(plain(local) && plain(domain)) {
            return None;
        }
        Some(Self {
            name: if name.is_empty() { "citabot" } else { name }.to_owned(),
            address: address.parse().ok()?,
        })
    }
}

impl TryFrom<String> for MailFrom {
    type Error = String;

    fn try_from(value: String) -> Result<Self, String> {
        Self::parse(&value).ok_or_else(|| {
            format!("{value:?} is not an address like \"Peluquería <citas@example.com>\"")
        })
    }
}

impl From<MailFrom> for String {
    fn from(from: MailFrom) -> Self {
        format!("{} <{}>", from.name, from.address)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_urls_are_read() {
        let plain = SmtpTarget::parse("smtp://mail.example").expect("valid");
        assert_eq!(
            (plain.port, plain.implicit_tls, plain.starttls, plain.login),
            (587, false, StartTls::WhenOffered, None)
        );
        let login = SmtpTarget::parse(
            "smtp://citas%40ana.example:p%C3%A1ss%3A1@mail.example:2525?tls=required",
        )
        .expect("valid");
        assert_eq!(login.port, 2525);
        assert_eq!(login.starttls, StartTls::Required);
        assert_eq!(
            login.login,
            Some(("citas@ana.example".into(), "páss:1".into()))
        );
        assert!(!format!("{login:?}").contains("p%C3%A1ss"));
        assert!(!format!("{:?}", login.redacted().login).contains("páss"));
        let none = SmtpTarget::parse("smtp://127.0.0.1:25?tls=none").expect("valid");
        assert_eq!(
            (none.host.as_str(), none.starttls),
            ("127.0.0.1", StartTls::Never)
        );
        let tls = SmtpTarget::parse("smtps://u:p@mail.example").expect("valid");
        assert_eq!((tls.port, tls.implicit_tls), (465, true));
        for (bad, why) in [
            ("http://mail.example", "scheme"),
            ("smtp://", "host"),
            ("smtp://mail.example/inbox", "path"),
            ("smtp://mail.example?tls=maybe", "unknown option"),
            ("smtps://mail.example?tls=none", "unknown option"),
            ("smtp://:secret@mail.example", "password without a user"),
        ] {
            let error = SmtpTarget::try_from(bad.to_owned()).expect_err(bad);
            assert!(error.contains(why), "{bad}: {error}");
            assert!(!error.contains("secret"), "{error}");
        }
    }

    #[test]
    fn mailboxes_are_read() {
        let salon = MailFrom::parse("Peluquería Ana <citas@ana.example>").expect("valid");
        assert_eq!(
            (salon.name.as_str(), salon.address.to_string()),
            ("Peluquería Ana", "citas@ana.example".to_owned())
        );
        assert_eq!(String::from(salon), "Peluquería Ana <citas@ana.example>");
        let bare = MailFrom::parse("citas@ana.example").expect("valid");
        assert_eq!(bare.name, "citabot");
        for bad in [
            "",
            "Ana <ana>",
            "a b@c",
            "<@x>",
            "Ana <a@b",
            "ana@-.",
            "ana@x..example",
        ] {
            assert_eq!(MailFrom::parse(bad), None, "{bad}");
        }
    }
}
