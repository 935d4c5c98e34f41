extension FontFile {
    /// This variable face at `cssWeight` (its `wght` axis, the value clamped to the axis's range; nil: the axis
    /// values it has), upright or italic: the same file when its style is the one asked, else the variable face of
    /// that style and width in the file's first family (installed and registered faces, or the file's folder:
    /// Inter-roman.var.ttf's italic is Inter-italic.var.ttf), else the same file (no slant is synthesised).
    func variableFace(cssWeight: Double?, italic: Bool) -> FontFile {
        var file = self
        if let info, info.isItalic != italic, let family = info.families.first {
            let resolver = FontconfigResolver.shared
            let base = FontFile(path: path, faceIndex: faceIndex & 0xFFFF)
            var faces = resolver.faces(ofFamily: family)
            if !faces.contains(where: { $0.file == base }) { faces = resolver.siblingFaces(of: self).filter { $0.families.contains(family) } }
            let other = faces.first { face in
                face.isVariable && face.isItalic == italic && face.width == info.width
                    && FontFile(path: face.file.path, faceIndex: face.file.faceIndex & 0xFFFF).weightAxis != nil
            }
            if let other {
                file = FontFile(path: other.file.path, faceIndex: other.file.faceIndex & 0xFFFF, adjustment: adjustment, variations: variations)
            }
        }
        if let cssWeight, let axis = file.weightAxis { file.variations["wght"] = min(max(cssWeight, axis.minimum), axis.maximum) }
        return file
    }
}
