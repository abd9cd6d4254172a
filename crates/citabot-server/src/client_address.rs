//! Who a request comes from when citabot runs behind a proxy or load balancer.
//!
//! Every per-address rule (rate limits, sign-in throttles, the caps on time holds and live
//! channels, log lines) keys on the client's address. Behind HAProxy, Caddy or nginx the TCP
//! peer is the proxy, so all visitors would share one budget. A proxy that the salon lists in
//! `trusted_proxies` is believed about the hops it saw (`Forwarded`, RFC 7239, or else
//! `X-Forwarded-For`): the client is the rightmost hop that is not itself a trusted proxy.
//! Anything left of it was written by the client and may be forged, so it is never read. A
//! peer that is not trusted is the client, whatever its headers say.

use std::fmt;
use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;
use axum::http::header::FORWARDED;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Hops read from the forwarding headers at most: a chain of proxies is a few hops long, and a
/// longer one is no reason to do more work for a request.
const MAX_HOPS: usize = 32;

const X_FORWARDED_FOR: &str = "x-forwarded-for";

/// The networks of the proxies in front of citabot (`trusted_proxies`): CIDRs such as
/// `10.0.0.0/8` or `fd00::/8`, or single addresses. Empty by default: no header is believed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<Network>);

/// One network: the address with every bit past `prefix` cleared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Network {
    address: IpAddr,
    prefix: u8,
}

impl Network {
    fn parse(text: &str) -> Result<Self, String> {
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let address: IpAddr = address.trim().parse().map_err(|_| {
            format!("{text:?} is not an address or network like 10.0.0.0/8 or fd00::/8")
        })?;
        let address = address.to_canonical();
        let longest = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => longest,
            Some(prefix) => prefix
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|prefix| *prefix <= longest)
                .ok_or_else(|| format!("{text:?}: the prefix must be 0 to {longest}"))?,
        };
        Ok(Self {
            address: masked(address, prefix),
            prefix,
        })
    }

    fn contains(&self, address: IpAddr) -> bool {
        let address = address.to_canonical();
        address.is_ipv4() == self.address.is_ipv4() && masked(address, self.prefix) == self.address
    }
}

impl fmt::Display for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.address, self.prefix)
    }
}

/// `address` with the bits past `prefix` set to zero.
fn masked(address: IpAddr, prefix: u8) -> IpAddr {
    match address {
        IpAddr::V4(v4) => {
            let mask = u32::MAX.checked_shl(32 - u32::from(prefix)).unwrap_or(0);
            IpAddr::from((u32::from(v4) & mask).to_be_bytes())
        }
        IpAddr::V6(v6) => {
            let mask = u128::MAX.checked_shl(128 - u32::from(prefix)).unwrap_or(0);
            IpAddr::from((u128::from(v6) & mask).to_be_bytes())
        }
    }
}

impl TrustedProxies {
    /// Parses a list of networks; the error names the first entry that is none.
    pub fn parse<S: AsRef<str>>(entries: &[S]) -> Result<Self, String> {
        entries
            .iter()
            .map(|entry| Network::parse(entry.as_ref()))
            .collect::<Result<_, _>>()
            .map(Self)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn contains(&self, address: IpAddr) -> bool {
        self.0.iter().any(|network| network.contains(address))
    }

    /// The address of the client behind `peer`: the peer itself unless it is a trusted proxy;
    /// then, going right to left through the hops the proxies recorded, the first one that is
    /// not a trusted proxy. A hop that is no address ("unknown", an obfuscated name) stops the
    /// walk at the proxy that wrote it.
    pub fn client_of(&self, peer: SocketAddr, headers: &HeaderMap) -> SocketAddr {
        let mut client = peer.ip().to_canonical();
        if !self.contains(client) {
            return SocketAddr::new(client, peer.port());
        }
        for hop in recorded_hops(headers).into_iter().rev() {
            let Some(address) = hop else { break };
            client = address;
            if !self.contains(client) {
                break;
            }
        }
        // The port is the proxy's; it names no client connection, and nothing keys on it.
        SocketAddr::new(client, peer.port())
    }
}

/// The hops the proxies recorded, left (the first) to right (the nearest), from `Forwarded` when
/// any proxy wrote it and from `X-Forwarded-For` otherwise; `None` where a hop is no address.
/// At most the last [`MAX_HOPS`].
fn recorded_hops(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let forwarded: Vec<Option<IpAddr>> = header_items(headers, FORWARDED.as_str())
        .filter_map(forwarded_for)
        .map(|node| node_address(&node))
        .collect();
    let mut hops = if forwarded.is_empty() {
        header_items(headers, X_FORWARDED_FOR)
            .map(node_address)
            .collect()
    } else {
        forwarded
    };
    let excess = hops.len().saturating_sub(MAX_HOPS);
    hops.drain(..excess);
    hops
}

/// The comma-separated items of every instance of a header, in order. A value that is not
/// visible ASCII is no list a proxy wrote: it is skipped whole.
fn header_items<'h>(headers: &'h HeaderMap, name: &str) -> impl Iterator<Item = &'h str> {
    headers
        .get_all(name)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .filter(|item| !item.is_empty())
}

/// The `for=` node of one `Forwarded` element (`for=192.0.2.60;proto=http;by=203.0.113.43`),
/// unquoted. An element without one records no hop.
fn forwarded_for(element: &str) -> Option<String> {
    element.split(';').find_map(|pair| {
        let (name, value) = pair.split_once('=')?;
        name.trim()
            .eq_ignore_ascii_case("for")
            .then(|| value.trim().trim_matches('"').to_owned())
    })
}

/// The address of a node as proxies write it: `192.0.2.60`, `192.0.2.60:4711`, `2001:db8::1`,
/// `[2001:db8::1]` or `[2001:db8::1]:4711`.
fn node_address(node: &str) -> Option<IpAddr> {
    let node = node.trim();
    if let Ok(address) = node.parse::<IpAddr>() {
        return Some(address.to_canonical());
    }
    if let Ok(socket) = node.parse::<SocketAddr>() {
        return Some(socket.ip().to_canonical());
    }
    let bracketed = node.strip_prefix('[')?.strip_suffix(']')?;
    bracketed
        .parse::<IpAddr>()
        .ok()
        .map(|address| address.to_canonical())
}

impl Serialize for TrustedProxies {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(ToString::to_string))
    }
}

impl<'de> Deserialize<'de> for TrustedProxies {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let entries = Vec::<String>::deserialize(deserializer)?;
        Self::parse(&entries)
            .map_err(|why| serde::de::Error::custom(format!("trusted_proxies: {why}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn trusted(entries: &[&str]) -> TrustedProxies {
        TrustedProxies::parse(entries).expect("valid networks")
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).expect("a header value"));
        }
        map
    }

    fn client(proxies: &TrustedProxies, peer: &str, pairs: &[(&'static str, &str)]) -> String {
        let peer: SocketAddr = peer.parse().expect("a socket address");
        proxies.client_of(peer, &headers(pairs)).ip().to_string()
    }

    #[test]
    fn networks_parse_and_contain_by_prefix() {
        let proxies = trusted(&["10.0.0.0/8", "192.168.1.7", "fd00::/8", "::1"]);
        for inside in [
            "10.1.2.3",
            "192.168.1.7",
            "fd12::5",
            "::1",
            "::ffff:10.0.0.1",
        ] {
            assert!(proxies.contains(inside.parse().unwrap()), "{inside}");
        }
        for outside in ["11.0.0.1", "192.168.1.8", "fe80::1", "::2"] {
            assert!(!proxies.contains(outside.parse().unwrap()), "{outside}");
        }
        assert!(trusted(&["0.0.0.0/0"]).contains("203.0.113.9".parse().unwrap()));
        assert!(!trusted(&["0.0.0.0/0"]).contains("2001:db8::1".parse().unwrap()));
        // Written back in the canonical form, host bits cleared.
        assert_eq!(
            serde_json::to_string(&trusted(&["10.9.9.9/8", "::1"])).unwrap(),
            r#"["10.0.0.0/8","::1/128"]"#
        );
    }

    #[test]
    fn a_bad_entry_is_named() {
        for (entry, says) in [
            ("10.0.0.0/33", "prefix must be 0 to 32"),
            ("fd00::/129", "prefix must be 0 to 128"),
            ("proxy.example", "not an address"),
            ("10.0.0.0/x", "prefix"),
            ("", "not an address"),
        ] {
            let error = TrustedProxies::parse(&[entry]).expect_err(entry);
            assert!(error.contains(says), "{entry}: {error}");
        }
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_sends() {
        let proxies = trusted(&["10.0.0.0/8"]);
        let forged = [("x-forwarded-for", "1.2.3.4"), ("forwarded", "for=5.6.7.8")];
        assert_eq!(client(&proxies, "203.0.113.9:5000", &forged), "203.0.113.9");
        assert_eq!(
            client(&TrustedProxies::default(), "10.0.0.2:5000", &forged),
            "10.0.0.2"
        );
    }

    #[test]
    fn the_rightmost_untrusted_hop_is_the_client() {
        let proxies = trusted(&["10.0.0.0/8", "127.0.0.1"]);
        let cases: &[(&[(&'static str, &str)], &str)] = &[
            (&[("x-forwarded-for", "198.51.100.7")], "198.51.100.7"),
            // The client wrote the leftmost: never believed.
            (
                &[("x-forwarded-for", "1.1.1.1, 198.51.100.7, 10.0.0.5")],
                "198.51.100.7",
            ),
            // Several instances of the header are one list.
            (
                &[
                    ("x-forwarded-for", "1.1.1.1"),
                    ("x-forwarded-for", "198.51.100.7"),
                ],
                "198.51.100.7",
            ),
            (&[("x-forwarded-for", "[2001:db8::7]:443")], "2001:db8::7"),
            (&[("x-forwarded-for", "198.51.100.7:61000")], "198.51.100.7"),
            // Forwarded wins over X-Forwarded-For, quoted and with other parameters.
            (
                &[
                    ("x-forwarded-for", "9.9.9.9"),
                    (
                        "forwarded",
                        r#"for=1.1.1.1, for="[2001:db8:cafe::17]:4711";proto=https;by=10.0.0.1"#,
                    ),
                ],
                "2001:db8:cafe::17",
            ),
            (&[("forwarded", "For=198.51.100.7")], "198.51.100.7"),
            // Every hop is a proxy of ours: the leftmost is as far as anyone can tell.
            (&[("x-forwarded-for", "10.0.0.9, 10.0.0.5")], "10.0.0.9"),
            // An unknown hop stops the walk at the proxy that wrote it.
            (
                &[("forwarded", "for=198.51.100.7, for=unknown")],
                "127.0.0.1",
            ),
            (&[("x-forwarded-for", "not-an-address")], "127.0.0.1"),
            // No header: the proxy is all there is.
            (&[], "127.0.0.1"),
        ];
        for (pairs, expected) in cases {
            assert_eq!(
                client(&proxies, "127.0.0.1:40000", pairs),
                *expected,
                "{pairs:?}"
            );
        }
    }

    #[test]
    fn a_huge_chain_reads_only_its_last_hops() {
        let proxies = trusted(&["10.0.0.0/8"]);
        let mut chain: Vec<String> = (0..10_000).map(|_| "10.1.1.1".to_owned()).collect();
        chain.insert(0, "198.51.100.7".to_owned());
        let value = chain.join(",");
        // Past the hops read, every one was a proxy of ours: the oldest read stands.
        assert_eq!(
            client(&proxies, "10.0.0.1:1", &[("x-forwarded-for", &value)]),
            "10.1.1.1"
        );
    }
}
