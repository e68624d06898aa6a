"""Text handling: normalisation, self-reference and clause segmentation."""
