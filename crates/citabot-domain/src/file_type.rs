//! What a file is, told by its first bytes, never by the type it was declared with or its name:
//! the chat's attachments (REQUIREMENTS H7) and the salon's logo and hero picture. An image's
//! declared width and height are read from its header alone (nothing is decoded), so an upload
//! claiming absurd dimensions can be refused before any browser tries to draw it.

/// The image formats told apart by their signature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImageFormat {
    Png,
    Jpeg,
    Gif,
    Webp,
}

impl ImageFormat {
    /// The media type it is served and relayed as.
    pub fn mime(self) -> &'static str {
        match self {
            ImageFormat::Png => "image/png",
            ImageFormat::Jpeg => "image/jpeg",
            ImageFormat::Gif => "image/gif",
            ImageFormat::Webp => "image/webp",
        }
    }
}

/// The image format `data` starts like, by its signature alone. SVG is never one: it is markup
/// (it can carry script), and so is anything else that does not start with a signature here.
pub fn image_format(data: &[u8]) -> Option<ImageFormat> {
    if data.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageFormat::Png)
    } else if data.starts_with(b"\xff\xd8\xff") {
        Some(ImageFormat::Jpeg)
    } else if data.starts_with(b"GIF87a") || data.starts_with(b"GIF89a") {
        Some(ImageFormat::Gif)
    } else if data.len() >= 12 && &data[..4] == b"RIFF" && &data[8..12] == b"WEBP" {
        Some(ImageFormat::Webp)
    } else {
        None
    }
}

/// The width and height, in pixels, an image of `format` declares in its header; `None` when
/// the header is cut short, malformed, or declares no size (a zero side). Reads at most the
/// header's bytes; never panics, whatever `data` holds.
pub fn declared_size(format: ImageFormat, data: &[u8]) -> Option<(u32, u32)> {
    let (width, height) = match format {
        // The IHDR chunk comes first: its length (4 bytes), its name, then width and height.
        ImageFormat::Png => {
            if data.get(12..16)? != b"IHDR" {
                return None;
            }
            (be32(data, 16)?, be32(data, 20)?)
        }
        ImageFormat::Jpeg => jpeg_size(data)?,
        ImageFormat::Gif => (u32::from(le16(data, 6)?), u32::from(le16(data, 8)?)),
        ImageFormat::Webp => webp_size(data)?,
    };
    (width > 0 && height > 0).then_some((width, height))
}

/// Walks the JPEG's marker segments to the first frame header (SOF0–SOF15 but DHT, JPG and DAC),
/// which holds the height and width.
fn jpeg_size(data: &[u8]) -> Option<(u32, u32)> {
    let mut at = 2;
    loop {
        if *data.get(at)? != 0xff {
            return None;
        }
        // Any number of fill bytes may precede a marker.
        while *data.get(at)? == 0xff {
            at += 1;
        }
        let marker = *data.get(at)?;
        at += 1;
        match marker {
            // Markers without a segment: start of image, TEM, restarts.
            0xd8 | 0x01 | 0xd0..=0xd7 => continue,
            // The end, or the compressed data, came before any frame header.
            0xd9 | 0xda => return None,
            _ => {}
        }
        let length = usize::from(be16(data, at)?);
        if length < 2 {
            return None;
        }
        if matches!(marker, 0xc0..=0xcf) && !matches!(marker, 0xc4 | 0xc8 | 0xcc) {
            // Length (2 bytes), sample precision (1), height (2), width (2).
            let height = be16(data, at + 3)?;
            let width = be16(data, at + 5)?;
            return Some((u32::from(width), u32::from(height)));
        }
        at += length;
    }
}

/// The size in a WebP's first chunk: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`).
fn webp_size(data: &[u8]) -> Option<(u32, u32)> {
    match data.get(12..16)? {
        b"VP8 " => {
            // A frame tag (3 bytes), the start code 9d 01 2a, then 14-bit width and height.
            if data.get(23..26)? != b"\x9d\x01\x2a" {
                return None;
            }
            let width = le16(data, 26)? & 0x3fff;
            let height = le16(data, 28)? & 0x3fff;
            Some((u32::from(width), u32::from(height)))
        }
        b"VP8L" => {
            if *data.get(20)? != 0x2f {
                return None;
            }
            let bits = u32::from_le_bytes(data.get(21..25)?.try_into().ok()?);
            Some(((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1))
        }
        b"VP8X" => {
            let width = le24(data, 24)? + 1;
            let height = le24(data, 27)? + 1;
            Some((width, height))
        }
        _ => None,
    }
}

fn be16(data: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(data.get(at..at + 2)?.try_into().ok()?))
}

fn be32(data: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?))
}

fn le16(data: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(data.get(at..at + 2)?.try_into().ok()?))
}

fn le24(data: &[u8], at: usize) -> Option<u32> {
    let bytes = data.get(at..at + 3)?;
    Some(u32::from(bytes[0]) | u32::from(bytes[1]) << 8 | u32::from(bytes[2]) << 16)
}

/// What a chat attachment is (PNG, JPEG, GIF, WebP, PDF or plain text), from its first bytes.
/// Images carrying markup (HTML or SVG hidden after a valid header, the classic polyglot) and
/// text that is markup are refused: `None`. Attachments are relayed to workflows that may serve
/// them on, so markup anywhere in them is refused.
pub fn sniff(data: &[u8]) -> Option<&'static str> {
    if let Some(image) = image_format(data) {
        return (!contains_markup(data)).then_some(image.mime());
    }
    if data.starts_with(b"%PDF-") {
        return Some("application/pdf");
    }
    let text = std::str::from_utf8(data).ok()?;
    let looks_like_markup = text.trim_start().starts_with('<') || contains_markup(data);
    // Text is what people write: no control characters but tabs and line breaks.
    let binary = text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'));
    (!binary && !looks_like_markup).then_some("text/plain")
}

fn contains_markup(data: &[u8]) -> bool {
    const MARKERS: [&[u8]; 5] = [b"<script", b"<html", b"<svg", b"<iframe", b"javascript:"];
    data.windows(11).any(|window| {
        MARKERS
            .iter()
            .any(|marker| window[..marker.len()].eq_ignore_ascii_case(marker))
    }) || data.len() < 11
        && MARKERS
            .iter()
            .any(|marker| data.eq_ignore_ascii_case(marker))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    /// A PNG's signature and IHDR chunk declaring `width` × `height`.
    fn png(width: u32, height: u32) -> Vec<u8> {
        [
            PNG,
            &width.to_be_bytes(),
            &height.to_be_bytes(),
            b"\x08\x06\0\0\0",
        ]
        .concat()
    }

    #[test]
    fn types_are_told_by_content() {
        assert_eq!(sniff(PNG), Some("image/png"));
        assert_eq!(sniff(b"\xff\xd8\xff\xe0\0\x10JFIF"), Some("image/jpeg"));
        assert_eq!(sniff(b"GIF89a\x01\0\x01\0"), Some("image/gif"));
        assert_eq!(sniff(b"RIFF\x24\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"%PDF-1.7\n"), Some("application/pdf"));
        assert_eq!(
            sniff("Hola, adjunto mi horario.\n".as_bytes()),
            Some("text/plain")
        );
    }

    #[test]
    fn markup_and_unknown_binaries_are_refused() {
        for refused in [
            &b"<html><script>alert(1)</script></html>"[..],
            b"  <svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
            b"<?xml version='1.0'?><svg/>",
            b"PK\x03\x04zipped",
            b"MZ\x90\0executable",
            b"texto con \0 nulo",
            b"\xff\xfe no es utf-8",
            b"hola <SCRIPT>alert(1)</SCRIPT>",
        ] {
            assert_eq!(
                sniff(refused),
                None,
                "{:?}",
                String::from_utf8_lossy(refused)
            );
            assert_eq!(image_format(refused), None);
        }
        let polyglot = [PNG, b"....<html><body onload=alert(1)>".as_slice()].concat();
        assert_eq!(
            sniff(&polyglot),
            None,
            "an image with markup inside is refused"
        );
    }

    #[test]
    fn png_sizes_come_from_the_ihdr_chunk() {
        assert_eq!(image_format(&png(640, 480)), Some(ImageFormat::Png));
        assert_eq!(
            declared_size(ImageFormat::Png, &png(640, 480)),
            Some((640, 480))
        );
        assert_eq!(
            declared_size(ImageFormat::Png, &png(u32::MAX, 1)),
            Some((u32::MAX, 1))
        );
        assert_eq!(declared_size(ImageFormat::Png, &png(0, 480)), None);
        assert_eq!(declared_size(ImageFormat::Png, PNG), None, "cut short");
        let mut other_chunk = png(1, 1);
        other_chunk[12..16].copy_from_slice(b"tEXt");
        assert_eq!(declared_size(ImageFormat::Png, &other_chunk), None);
    }

    #[test]
    fn jpeg_sizes_come_from_the_frame_header() {
        // SOI, an APP0 segment, a DQT of length 4, fill bytes, then SOF2 (progressive).
        let jpeg = [
            &b"\xff\xd8"[..],
            b"\xff\xe0\x00\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0",
            b"\xff\xdb\x00\x04\x00\x00",
            b"\xff\xff\xc2\x00\x11\x08\x02\x58\x03\x20\x03\x01\x22\x00",
        ]
        .concat();
        assert_eq!(image_format(&jpeg), Some(ImageFormat::Jpeg));
        assert_eq!(
            declared_size(ImageFormat::Jpeg, &jpeg),
            Some((800, 600)),
            "width 0x320, height 0x258"
        );
        // A Huffman table (C4) is not a frame header.
        let huffman_first = [
            &b"\xff\xd8"[..],
            b"\xff\xc4\x00\x03\x00",
            b"\xff\xc0\x00\x11\x08\x00\x10\x00\x20",
        ]
        .concat();
        assert_eq!(
            declared_size(ImageFormat::Jpeg, &huffman_first),
            Some((32, 16))
        );
        for broken in [
            &b"\xff\xd8\xff"[..],
            b"\xff\xd8\xff\xda\x00\x08",
            b"\xff\xd8\xff\xd9",
            b"\xff\xd8\xff\xe0\x00\x01",
            b"\xff\xd8\xff\xe0\x00\x10JFIF",
            b"\xff\xd8\x00\x00",
            b"\xff\xd8\xff\xc0\x00\x11\x08\x00\x00\x00\x20",
        ] {
            assert_eq!(declared_size(ImageFormat::Jpeg, broken), None, "{broken:?}");
        }
    }

    #[test]
    fn webp_sizes_come_from_the_first_chunk() {
        let riff = |chunk: &[u8]| [b"RIFF\0\0\0\0WEBP".as_slice(), chunk].concat();
        let lossy = riff(b"VP8 \0\0\0\0\x30\x01\0\x9d\x01\x2a\x40\x01\xf0\x00");
        assert_eq!(image_format(&lossy), Some(ImageFormat::Webp));
        assert_eq!(declared_size(ImageFormat::Webp, &lossy), Some((320, 240)));
        // Lossless: 14 bits of width - 1, then 14 of height - 1: 100 × 50.
        let bits: u32 = 99 | (49 << 14);
        let lossless = riff(&[b"VP8L\0\0\0\0\x2f".as_slice(), &bits.to_le_bytes()].concat());
        assert_eq!(declared_size(ImageFormat::Webp, &lossless), Some((100, 50)));
        // Extended: 24-bit width - 1 and height - 1 after 4 bytes of flags.
        let extended = riff(b"VP8X\0\0\0\0\0\0\0\0\xff\x1f\0\xff\x0f\0");
        assert_eq!(
            declared_size(ImageFormat::Webp, &extended),
            Some((8192, 4096))
        );
        assert_eq!(declared_size(ImageFormat::Webp, &riff(b"VP8 ")), None);
        assert_eq!(
            declared_size(ImageFormat::Webp, &riff(b"ALPH\0\0\0\0")),
            None
        );
    }

    #[test]
    fn gif_sizes_come_from_the_screen_descriptor() {
        assert_eq!(
            declared_size(ImageFormat::Gif, b"GIF89a\x40\x01\xf0\x00"),
            Some((320, 240))
        );
        assert_eq!(declared_size(ImageFormat::Gif, b"GIF89a\x40"), None);
    }

    proptest! {
        /// Whatever the bytes after a signature, reading a size never panics.
        #[test]
        fn sizes_are_read_from_any_bytes(
            rest in prop::collection::vec(any::<u8>(), 0..64),
            format in prop::sample::select(vec![
                ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif, ImageFormat::Webp,
            ]),
        ) {
            let signature: &[u8] = match format {
                ImageFormat::Png => b"\x89PNG\r\n\x1a\n",
                ImageFormat::Jpeg => b"\xff\xd8\xff",
                ImageFormat::Gif => b"GIF89a",
                ImageFormat::Webp => b"RIFF\0\0\0\0WEBP",
            };
            let data = [signature, &rest].concat();
            prop_assert_eq!(image_format(&data), Some(format));
            let _ = declared_size(format, &data);
            let _ = declared_size(format, &rest);
        }
    }
}
