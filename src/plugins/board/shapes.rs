//! Board geometry as meshes: lyon tessellates the topology's cell polygons and the
//! lines drawn over them (zone borders, capture routes), in board units.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use lyon::math::point;
use lyon::path::Path;
use lyon::tessellation::{
    BuffersBuilder, FillOptions, FillTessellator, FillVertex, LineCap, LineJoin, StrokeOptions,
    StrokeTessellator, StrokeVertex, VertexBuffers,
};

/// Board units are cells; a thousandth of a cell is far below a pixel.
const TOLERANCE: f32 = 0.001;

fn path(points: &[[f32; 2]], closed: bool) -> Path {
    let mut b = Path::builder();
    let mut corners = points.iter().map(|p| point(p[0], p[1]));
    if let Some(first) = corners.next() {
        b.begin(first);
        for p in corners {
            b.line_to(p);
        }
        b.end(closed);
    }
    b.build()
}

fn mesh(out: VertexBuffers<[f32; 3], u32>) -> Mesh {
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, out.vertices)
    .with_inserted_indices(Indices::U32(out.indices))
}

/// A filled polygon.
pub fn polygon(points: &[[f32; 2]]) -> Mesh {
    let mut out = VertexBuffers::new();
    // A polygon from the topology is simple; should lyon refuse one, the cell is
    // left empty rather than the app stopping.
    if let Err(e) = FillTessellator::new().tessellate_path(
        &path(points, true),
        &FillOptions::tolerance(TOLERANCE),
        &mut BuffersBuilder::new(&mut out, |v: FillVertex| {
            v.position().extend(0.0).to_array()
        }),
    ) {
        warn!("a cell polygon could not be filled: {e:?}");
    }
    mesh(out)
}

/// Lines of `width` through the given points, each list one line (closed when asked).
pub fn lines(lines: &[(Vec<[f32; 2]>, bool)], width: f32) -> Mesh {
    let mut out = VertexBuffers::new();
    let options = StrokeOptions::tolerance(TOLERANCE)
        .with_line_width(width)
        .with_line_join(LineJoin::Round)
        .with_line_cap(LineCap::Round);
    let mut tessellator = StrokeTessellator::new();
    for (points, closed) in lines {
        if let Err(e) = tessellator.tessellate_path(
            &path(points, *closed),
            &options,
            &mut BuffersBuilder::new(&mut out, |v: StrokeVertex| {
                v.position().extend(0.0).to_array()
            }),
        ) {
            warn!("a line could not be drawn: {e:?}");
        }
    }
    mesh(out)
}
