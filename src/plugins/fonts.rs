//! The bundled DejaVu Sans: Latin and Cyrillic letters for the board's labels and the
//! panels (egui's own fonts come first there).

pub const FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
