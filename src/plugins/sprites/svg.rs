//! Reads the SVG subset the piece drawings use and tessellates it.
//!
//! The drawings are plain SVG that any viewer shows as White's piece: `path` and
//! `circle` elements in document order, each with its own `fill`, `stroke` and
//! `stroke-width` attributes (no groups, transforms or styles), inside a square
//! `viewBox`. Colours name roles rather than colours: `#fff` the body, `#000` the
//! outline, `#808080` a detail, `#c00` the accent (see [`Ink`]).

use super::drawing::{Drawing, Ink};
use bevy::math::Vec2;
use lyon::extra::parser::{ParserOptions, PathParser, Source};
use lyon::math::point;
use lyon::path::{Path, Winding};
use lyon::tessellation::{
    BuffersBuilder, FillOptions, FillTessellator, FillVertex, LineJoin, StrokeOptions,
    StrokeTessellator, StrokeVertex, VertexBuffers,
};

/// Curves are flattened to within this many viewBox units.
const TOLERANCE: f32 = 0.05;

pub fn read(text: &str) -> Result<Drawing, String> {
    let doc = roxmltree::Document::parse(text).map_err(|e| e.to_string())?;
    let root = doc.root_element();
    let view: Vec<f32> = root
        .attribute("viewBox")
        .ok_or("no viewBox")?
        .split_whitespace()
        .map(|n| n.parse::<f32>().map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let [x0, y0, w, h] = view[..] else {
        return Err("the viewBox needs four numbers".into());
    };
    if w != h || w <= 0.0 {
        return Err("the viewBox must be square".into());
    }
    let to_unit = |p: lyon::math::Point| Vec2::new((p.x - x0) / w - 0.5, 0.5 - (p.y - y0) / h);

    let mut drawing = Drawing::default();
    for node in root.descendants().filter(|n| n.is_element()) {
        let path = match node.tag_name().name() {
            "path" => parse_path(node.attribute("d").ok_or("a path without d")?)?,
            "circle" => {
                let num = |a: &str| -> Result<f32, String> {
                    node.attribute(a)
                        .ok_or(format!("a circle without {a}"))?
                        .parse()
                        .map_err(|e: std::num::ParseFloatError| e.to_string())
                };
                let mut b = Path::builder();
                b.add_circle(point(num("cx")?, num("cy")?), num("r")?, Winding::Positive);
                b.build()
            }
            _ => continue,
        };
        if let Some(ink) = ink(node.attribute("fill"))? {
            let mut out: VertexBuffers<Vec2, u32> = VertexBuffers::new();
            FillTessellator::new()
                .tessellate_path(
                    &path,
                    &FillOptions::tolerance(TOLERANCE),
                    &mut BuffersBuilder::new(&mut out, |v: FillVertex| to_unit(v.position())),
                )
                .map_err(|e| format!("{e:?}"))?;
            add(&mut drawing, out, ink);
        }
        if let Some(ink) = ink(node.attribute("stroke"))? {
            let width: f32 = node
                .attribute("stroke-width")
                .unwrap_or("1")
                .parse()
                .map_err(|e: std::num::ParseFloatError| e.to_string())?;
            let options = StrokeOptions::tolerance(TOLERANCE)
                .with_line_width(width)
                .with_line_join(LineJoin::Round)
                .with_line_cap(lyon::tessellation::LineCap::Round);
            let mut out: VertexBuffers<Vec2, u32> = VertexBuffers::new();
            StrokeTessellator::new()
                .tessellate_path(
                    &path,
                    &options,
                    &mut BuffersBuilder::new(&mut out, |v: StrokeVertex| to_unit(v.position())),
                )
                .map_err(|e| format!("{e:?}"))?;
            add(&mut drawing, out, ink);
        }
    }
    Ok(drawing)
}

/// Reads SVG path data.
pub fn parse_path(d: &str) -> Result<Path, String> {
    let mut builder = Path::builder();
    PathParser::new()
        .parse(
            &ParserOptions::DEFAULT,
            &mut Source::new(d.chars()),
            &mut builder,
        )
        .map_err(|e| format!("path data {d:?}: {e:?}"))?;
    Ok(builder.build())
}

/// The role a colour names; `None` for `none` or a missing attribute.
fn ink(colour: Option<&str>) -> Result<Option<Ink>, String> {
    Ok(Some(match colour {
        None | Some("none") => return Ok(None),
        Some("#fff") => Ink::Body,
        Some("#000") => Ink::Outline,
        Some("#808080") => Ink::Detail,
        Some("#c00") => Ink::Accent,
        Some(other) => return Err(format!("{other} names no ink")),
    }))
}

fn add(drawing: &mut Drawing, out: VertexBuffers<Vec2, u32>, ink: Ink) {
    let inks = vec![ink; out.vertices.len()];
    drawing.extend(&Drawing {
        positions: out.vertices,
        inks,
        indices: out.indices,
    });
}
