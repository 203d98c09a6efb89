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

/// Why a drawing does not read: it is outside the subset, or not SVG at all.
#[derive(Debug, thiserror::Error)]
pub enum SvgError {
    #[error(transparent)]
    Xml(#[from] roxmltree::Error),
    #[error("no viewBox")]
    NoViewBox,
    #[error("the viewBox needs four numbers")]
    ViewBoxNumbers,
    #[error("the viewBox must be square")]
    NotSquare,
    #[error("a {element} without {attribute}")]
    Missing {
        element: String,
        attribute: &'static str,
    },
    #[error("{attribute} is not a number: {source}")]
    Number {
        attribute: &'static str,
        source: std::num::ParseFloatError,
    },
    #[error("path data {data:?}: {why}")]
    Path { data: String, why: String },
    #[error("cannot tessellate: {0:?}")]
    Tessellate(lyon::tessellation::TessellationError),
    #[error("{0} names no ink")]
    Ink(String),
}

/// Reads `attribute` of `node` as a number.
fn number(node: roxmltree::Node, attribute: &'static str) -> Result<f32, SvgError> {
    node.attribute(attribute)
        .ok_or_else(|| SvgError::Missing {
            element: node.tag_name().name().to_string(),
            attribute,
        })?
        .parse()
        .map_err(|source| SvgError::Number { attribute, source })
}

pub fn read(text: &str) -> Result<Drawing, SvgError> {
    let doc = roxmltree::Document::parse(text)?;
    let root = doc.root_element();
    let view = root
        .attribute("viewBox")
        .ok_or(SvgError::NoViewBox)?
        .split_whitespace()
        .map(|n| {
            n.parse::<f32>().map_err(|source| SvgError::Number {
                attribute: "viewBox",
                source,
            })
        })
        .collect::<Result<Vec<f32>, _>>()?;
    let [x0, y0, w, h] = view[..] else {
        return Err(SvgError::ViewBoxNumbers);
    };
    if w != h || w <= 0.0 {
        return Err(SvgError::NotSquare);
    }
    let to_unit = |p: lyon::math::Point| Vec2::new((p.x - x0) / w - 0.5, 0.5 - (p.y - y0) / h);

    let mut drawing = Drawing::default();
    for node in root.descendants().filter(|n| n.is_element()) {
        let path = match node.tag_name().name() {
            "path" => parse_path(node.attribute("d").ok_or_else(|| SvgError::Missing {
                element: "path".into(),
                attribute: "d",
            })?)?,
            "circle" => {
                let centre = point(number(node, "cx")?, number(node, "cy")?);
                let mut b = Path::builder();
                b.add_circle(centre, number(node, "r")?, Winding::Positive);
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
                .map_err(SvgError::Tessellate)?;
            add(&mut drawing, out, ink);
        }
        if let Some(ink) = ink(node.attribute("stroke"))? {
            let width = match node.attribute("stroke-width") {
                Some(_) => number(node, "stroke-width")?,
                None => 1.0,
            };
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
                .map_err(SvgError::Tessellate)?;
            add(&mut drawing, out, ink);
        }
    }
    Ok(drawing)
}

/// Reads SVG path data.
pub fn parse_path(d: &str) -> Result<Path, SvgError> {
    let mut builder = Path::builder();
    PathParser::new()
        .parse(
            &ParserOptions::DEFAULT,
            &mut Source::new(d.chars()),
            &mut builder,
        )
        .map_err(|e| SvgError::Path {
            data: d.to_string(),
            why: format!("{e:?}"),
        })?;
    Ok(builder.build())
}

/// The role a colour names; `None` for `none` or a missing attribute.
fn ink(colour: Option<&str>) -> Result<Option<Ink>, SvgError> {
    Ok(Some(match colour {
        None | Some("none") => return Ok(None),
        Some("#fff") => Ink::Body,
        Some("#000") => Ink::Outline,
        Some("#808080") => Ink::Detail,
        Some("#c00") => Ink::Accent,
        Some(other) => return Err(SvgError::Ink(other.to_string())),
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
