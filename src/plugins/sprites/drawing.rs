//! A tessellated drawing and the colours it is painted in.

use crate::rules::Side;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy_egui::egui;

/// The role of a part of a drawing; an army's [`Palette`] gives each its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ink {
    /// The piece's body: ivory for White, ebony for Black.
    Body,
    /// The silhouette's outline.
    Outline,
    /// Inner lines and marks that must read against the body (an eye, a band).
    Detail,
    /// A mark in red whatever the army (the vice-king's dot, the z-checker's letter).
    Accent,
}

/// Triangles in a unit square centred on the origin, y up, each vertex with its ink.
#[derive(Clone, Debug, Default)]
pub struct Drawing {
    pub positions: Vec<Vec2>,
    pub inks: Vec<Ink>,
    pub indices: Vec<u32>,
}

/// The colours of one army.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub body: Color,
    pub outline: Color,
    pub detail: Color,
}

const ACCENT: Color = Color::srgb(
    crate::drawings::ACCENT[0],
    crate::drawings::ACCENT[1],
    crate::drawings::ACCENT[2],
);

impl Palette {
    pub fn of(side: Side) -> Palette {
        let [body, outline, detail] =
            crate::drawings::army_colours(side).map(Color::srgb_from_array);
        Palette {
            body,
            outline,
            detail,
        }
    }

    pub fn colour(&self, ink: Ink) -> Color {
        match ink {
            Ink::Body => self.body,
            Ink::Outline => self.outline,
            Ink::Detail => self.detail,
            Ink::Accent => ACCENT,
        }
    }
}

impl Drawing {
    /// Adds another drawing's triangles on top of this one's.
    pub fn extend(&mut self, other: &Drawing) {
        let base = self.positions.len() as u32;
        self.positions.extend_from_slice(&other.positions);
        self.inks.extend_from_slice(&other.inks);
        self.indices.extend(other.indices.iter().map(|i| i + base));
    }

    /// The smallest and largest corner of the drawn area.
    #[cfg(test)]
    pub fn bounds(&self) -> (Vec2, Vec2) {
        self.positions.iter().fold(
            (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
            |(lo, hi), &p| (lo.min(p), hi.max(p)),
        )
    }

    /// A mesh with one colour per vertex, for a `ColorMaterial` that multiplies it (white
    /// shows it as drawn, a translucent white fades it).
    pub fn mesh(&self, palette: &Palette) -> Mesh {
        let positions: Vec<[f32; 3]> = self.positions.iter().map(|p| [p.x, p.y, 0.0]).collect();
        let colours: Vec<[f32; 4]> = self
            .inks
            .iter()
            .map(|&ink| palette.colour(ink).to_linear().to_f32_array())
            .collect();
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::RENDER_WORLD,
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colours)
        .with_inserted_indices(Indices::U32(self.indices.clone()))
    }

    /// The drawing as an egui mesh of `size` points centred at `at` (egui's y runs down).
    pub fn egui_mesh(&self, palette: &Palette, at: egui::Pos2, size: f32) -> egui::Mesh {
        let mut mesh = egui::Mesh::default();
        for (p, &ink) in self.positions.iter().zip(&self.inks) {
            let [r, g, b, a] = palette.colour(ink).to_srgba().to_u8_array();
            mesh.colored_vertex(
                at + egui::vec2(p.x * size, -p.y * size),
                egui::Color32::from_rgba_unmultiplied(r, g, b, a),
            );
        }
        mesh.indices = self.indices.clone();
        mesh
    }
}
