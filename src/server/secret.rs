//! Match codes, seat secrets and dice seeds, from the operating system's generator:
//! nothing a client sees lets it guess a secret or the next roll.

/// The letters of a code: no 0/O, 1/I/L, so a code read aloud or copied by hand
/// comes out right.
const CODE_LETTERS: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// Letters in a code: 31^6, about 900 million codes.
const CODE_LENGTH: usize = 6;

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    getrandom::fill(&mut bytes).expect("the system's random generator answers");
    bytes
}

/// A short code to give to friends, e.g. `K3QF9A`.
pub fn code() -> String {
    random_bytes::<CODE_LENGTH>()
        .iter()
        // 256 is not a multiple of 31; the slight bias does not help a guesser.
        .map(|b| CODE_LETTERS[usize::from(*b) % CODE_LETTERS.len()] as char)
        .collect()
}

/// A seat's secret: 128 random bits as 32 hex digits.
pub fn secret() -> String {
    random_bytes::<16>()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The seed of a match's dice and lot.
pub fn seed() -> u64 {
    u64::from_le_bytes(random_bytes::<8>())
}

/// Compares secrets in time that does not depend on where they differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// Normalises a code as typed: upper case, no spaces.
pub fn typed_code(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_secrets_differ_and_read_back() {
        let a = code();
        assert_eq!(a.len(), CODE_LENGTH);
        assert!(a.bytes().all(|b| CODE_LETTERS.contains(&b)));
        assert_eq!(typed_code(&format!(" {} ", a.to_lowercase())), a);
        assert_ne!(secret(), secret());
        assert_eq!(secret().len(), 32);
        assert!(same("abc", "abc") && !same("abc", "abd") && !same("abc", "ab"));
    }
}
