//! Checks on text that identifies someone or that other people read: characters that cannot be
//! seen, marks stacked on one letter, scripts mixed in one word. One pass over the characters,
//! table look-ups only, so they are cheap enough for every chat message.
//!
//! The Unicode data comes from `unicode-normalization` (combining marks), `unicode-properties`
//! (general category, emoji) and `unicode-script` (scripts), all from the unicode-rs project.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};
use unicode_script::{Script, UnicodeScript};

/// The most combining marks (and zero-width characters) allowed in a row on one letter. Real
/// writing needs few: Vietnamese two, pointed Hebrew or Tibetan stacks four or five, an emoji
/// flag of a region (🏴 and its tags) six.
pub const MAX_STACKED_MARKS: usize = 8;

/// `text` in Unicode NFC: letters and their accents composed ("e" and U+0301 become "é"), so
/// one name is stored one way however it was typed.
pub fn nfc(text: &str) -> String {
    text.nfc().collect()
}

/// What a text may keep of the characters [`is_hidden`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visible {
    /// Identifiers (email addresses): none at all.
    Strictly,
    /// Names: the joiners and selectors inside an emoji sequence (👩‍👩‍👧, ❤️, 🏴 flags).
    WithEmoji,
    /// Free text: as [`Visible::WithEmoji`], plus line breaks (`\n`).
    WithEmojiAndLineBreaks,
}

/// Whether `c` cannot be seen or changes how the text around it is shown or joined: control
/// characters, format characters (bidi controls U+202A–202E, U+2066–2069, U+200E/F, U+061C;
/// zero-width space and joiners U+200B–200D, word joiner U+2060, BOM U+FEFF, soft hyphen
/// U+00AD, tags), line and paragraph separators, private use, and the rest of Unicode's
/// Default_Ignorable_Code_Point.
pub fn is_hidden(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
    ) || is_default_ignorable(c)
}

/// Default_Ignorable_Code_Point (DerivedCoreProperties.txt) outside the format category, which
/// [`is_hidden`] refuses whole; plus U+2800, the blank braille pattern, which prints nothing.
fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{034F}'              // combining grapheme joiner
            | '\u{115F}'..='\u{1160}' // Hangul fillers
            | '\u{17B4}'..='\u{17B5}' // Khmer inherent vowels
            | '\u{180B}'..='\u{180F}' // Mongolian variation selectors
            | '\u{2065}'
            | '\u{2800}'
            | '\u{3164}'              // Hangul filler
            | '\u{FE00}'..='\u{FE0F}' // variation selectors
            | '\u{FFA0}'              // half-width Hangul filler
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{E0000}'..='\u{E0FFF}' // tags, variation selectors 17–256
    )
}

/// The first character of `text` that [`is_hidden`] names and `rule` does not keep.
pub fn hidden_character(text: &str, rule: Visible) -> Option<char> {
    let mut previous: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if is_hidden(c) && !kept(c, previous, chars.peek().copied(), rule) {
            return Some(c);
        }
        previous = Some(c);
    }
    None
}

/// Whether `rule` keeps the hidden character `c` between `previous` and `next`.
fn kept(c: char, previous: Option<char>, next: Option<char>, rule: Visible) -> bool {
    if rule == Visible::Strictly {
        return false;
    }
    if c == '\n' {
        return rule == Visible::WithEmojiAndLineBreaks;
    }
    let after_emoji = previous.is_some_and(|p| p.is_emoji_char());
    match c {
        // A joiner glues two pictographs (👩‍👧); its neighbours are emoji, modifiers included,
        // or a presentation selector (🏳️‍🌈). ASCII digits are emoji too, but "1‍2" is no sequence.
        '\u{200D}' => {
            previous.is_some_and(|p| (!p.is_ascii() && p.is_emoji_char()) || p == '\u{FE0F}')
                && next.is_some_and(|n| !n.is_ascii() && n.is_emoji_char())
        }
        // Text or emoji presentation of the emoji before (❤️, and keycaps: 1️⃣).
        '\u{FE0E}' | '\u{FE0F}' => after_emoji,
        // A region's flag: 🏴, its tag letters, the cancel tag.
        '\u{E0020}'..='\u{E007F}' => {
            previous.is_some_and(|p| p == '\u{1F3F4}' || ('\u{E0020}'..='\u{E007E}').contains(&p))
        }
        _ => false,
    }
}

/// Why [`one_line_name`] refused a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NameRefusal {
    /// Nothing but white space.
    #[error("is required")]
    Missing,
    #[error("must have at most {max} characters")]
    TooLong { max: usize },
    /// A control, bidi, zero-width or other invisible character (line breaks included).
    #[error("has invisible or control characters")]
    HiddenCharacters,
    /// More than [`MAX_STACKED_MARKS`] marks on one letter.
    #[error("stacks more than {max} marks on one letter")]
    StacksMarks { max: usize },
}

/// A name on one line as people type it: trimmed, in NFC, 1 to `max` characters (code points),
/// with nothing that cannot be seen but the joiners of emoji sequences, and no letter buried
/// under marks. Account names and the names of API keys are held to it.
pub fn one_line_name(raw: &str, max: usize) -> Result<String, NameRefusal> {
    let name = nfc(raw.trim());
    if name.is_empty() {
        return Err(NameRefusal::Missing);
    }
    if name.chars().count() > max {
        return Err(NameRefusal::TooLong { max });
    }
    if hidden_character(&name, Visible::WithEmoji).is_some() {
        return Err(NameRefusal::HiddenCharacters);
    }
    if stacks_marks(&name, MAX_STACKED_MARKS) {
        return Err(NameRefusal::StacksMarks {
            max: MAX_STACKED_MARKS,
        });
    }
    Ok(name)
}

/// Whether `text` has more than `max` combining marks in a row ("zalgo" text: a letter buried
/// under marks that spill over the lines around it). Zero-width and format characters count
/// too, so they cannot split a stack that still renders as one.
pub fn stacks_marks(text: &str, max: usize) -> bool {
    let mut run = 0;
    for c in text.chars() {
        // Most text is ASCII: skip the table look-ups for it.
        let printable_ascii = c.is_ascii_graphic() || c == ' ';
        if !printable_ascii && c != '\n' && (is_combining_mark(c) || is_hidden(c)) {
            run += 1;
            if run > max {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

/// Whether `part` (one label of an address) mixes scripts in a way that lets it pass for
/// another word: UTS #39's "highly restrictive" level. One script, plus digits and signs
/// common to all, is fine, and so are the combinations Japanese, Chinese and Korean writing
/// needs (Latin with Han and Hiragana/Katakana, Bopomofo or Hangul); Latin with Cyrillic or
/// Greek is not. A word wholly in one script that looks like one in another ("аое" in
/// Cyrillic) passes: catching those needs Unicode's confusables table.
pub fn mixes_scripts(part: &str) -> bool {
    const JAPANESE: &[Script] = &[
        Script::Latin,
        Script::Han,
        Script::Hiragana,
        Script::Katakana,
    ];
    const CHINESE: &[Script] = &[Script::Latin, Script::Han, Script::Bopomofo];
    const KOREAN: &[Script] = &[Script::Latin, Script::Han, Script::Hangul];
    let mut scripts: Vec<Script> = Vec::new();
    for c in part.chars() {
        let script = c.script();
        if !matches!(script, Script::Common | Script::Inherited | Script::Unknown)
            && !scripts.contains(&script)
        {
            scripts.push(script);
        }
    }
    scripts.len() > 1
        && ![JAPANESE, CHINESE, KOREAN]
            .iter()
            .any(|allowed| scripts.iter().all(|script| allowed.contains(script)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_characters_are_named() {
        for hidden in [
            '\u{0}',
            '\u{7}',
            '\u{7f}',
            '\u{85}',
            '\u{ad}',
            '\u{34f}',
            '\u{61c}',
            '\u{115f}',
            '\u{180e}',
            '\u{200b}',
            '\u{200c}',
            '\u{200d}',
            '\u{200e}',
            '\u{200f}',
            '\u{202a}',
            '\u{202e}',
            '\u{2028}',
            '\u{2029}',
            '\u{2060}',
            '\u{2066}',
            '\u{2069}',
            '\u{2800}',
            '\u{3164}',
            '\u{e000}',
            '\u{fe0f}',
            '\u{feff}',
            '\u{e0001}',
            '\u{e0041}',
            '\u{e0100}',
        ] {
            assert!(is_hidden(hidden), "U+{:04X}", u32::from(hidden));
        }
        for seen in ['a', 'ñ', 'é', ' ', '\u{301}', '-', '👍', '🏽', 'ж', '字'] {
            assert!(!is_hidden(seen), "U+{:04X}", u32::from(seen));
        }
    }

    #[test]
    fn emoji_sequences_keep_their_joiners_and_nothing_else_does() {
        for emoji in [
            "👩\u{200d}👩\u{200d}👧",
            "👍🏽",
            "👩🏽\u{200d}💻",
            "❤\u{fe0f}",
            "1\u{fe0f}\u{20e3}",
            "🏳\u{fe0f}\u{200d}🌈",
            "🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}",
        ] {
            assert_eq!(hidden_character(emoji, Visible::WithEmoji), None, "{emoji}");
            assert_eq!(
                hidden_character(emoji, Visible::Strictly).is_some(),
                emoji.chars().any(is_hidden),
                "identifiers keep none: {emoji}"
            );
        }
        for hidden in [
            "Ana\u{200d}Mar",
            "1\u{200d}2",
            "\u{200d}👍",
            "Ana\u{fe0f}",
            "a\u{e0041}",
            "Ana\u{202e}ateM",
        ] {
            assert!(
                hidden_character(hidden, Visible::WithEmoji).is_some(),
                "{hidden:?}"
            );
        }
        assert_eq!(hidden_character("a\nb", Visible::WithEmoji), Some('\n'));
        assert_eq!(
            hidden_character("a\nb", Visible::WithEmojiAndLineBreaks),
            None
        );
        assert_eq!(
            hidden_character("a\rb", Visible::WithEmojiAndLineBreaks),
            Some('\r')
        );
    }

    #[test]
    fn stacks_count_marks_and_hidden_characters_in_a_row() {
        let eight = format!("a{}", "\u{301}".repeat(8));
        assert!(!stacks_marks(&eight, 8));
        assert!(stacks_marks(&format!("{eight}\u{300}"), 8));
        assert!(
            stacks_marks(&format!("{eight}\u{200b}"), 8),
            "a zero-width character continues the stack"
        );
        assert!(
            !stacks_marks(&format!("{eight}b{eight}"), 8),
            "a letter ends it"
        );
        assert!(stacks_marks(&"\u{301}".repeat(9), 8), "no letter at all");
        assert!(!stacks_marks("Tiếng Việt, שָׁלוֹם, བསྒྲུབས", 8));
        assert!(!stacks_marks(
            "🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}",
            8
        ));
    }

    #[test]
    fn scripts_mix_only_as_east_asian_writing_does() {
        for one in [
            "ana",
            "иван",
            "γιώργος",
            "ana2024",
            "やまだ太郎",
            "例え",
            "홍길동",
            "jp-東京",
        ] {
            assert!(!mixes_scripts(one), "{one}");
        }
        for mixed in [
            "\u{430}na",
            "ejempl\u{43e}",
            "\u{3bf}scar",
            "ивanов",
            "홍やま",
        ] {
            assert!(mixes_scripts(mixed), "{mixed}");
        }
    }
}
