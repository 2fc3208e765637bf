"""The demo shop's films, built as Blender scenes from code (no downloaded model, texture or font but
Blender's own) and rendered with Cycles on the CPU.

Run by db/seed/render-media.ts, one film per call:

    blender -b --factory-startup -P db/seed/blender/scenes.py -- <film> <frames-dir> [samples]

Frames are written as PNG files named by frame number; a frame already on disk is skipped, so an
interrupted render goes on where it stopped (Blender's own "no overwrite" and "placeholders").
"""

import math
import sys

import bpy
from mathutils import Vector

FPS = 24
WIDTH, HEIGHT = 960, 540


# --- Scene setup -------------------------------------------------------------------------------


def reset(seconds):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    # Few samples a pixel (a 2-core budget): Sobol is the faster pattern here, and adaptive sampling
    # has nothing to save at 8 samples.
    scene.cycles.sampling_pattern = "SOBOL"
    scene.cycles.use_adaptive_sampling = False
    # A new noise pattern each frame: ffmpeg's temporal denoising then averages it away (a fixed
    # pattern would stay on the picture like dirt on a lens).
    scene.cycles.use_animated_seed = True
    # Debian's Blender is built without OpenImageDenoise: grain is removed after, with ffmpeg's hqdn3d.
    scene.cycles.use_denoising = False
    scene.cycles.use_preview_denoising = False
    scene.cycles.max_bounces = 2
    scene.cycles.diffuse_bounces = 0
    scene.cycles.glossy_bounces = 1
    scene.cycles.transmission_bounces = 2
    scene.cycles.transparent_max_bounces = 2
    # Bounced light is approximated by ambient occlusion (fast GI): a third of a 2-core budget saved.
    scene.cycles.use_fast_gi = True
    scene.cycles.fast_gi_method = "REPLACE"
    scene.cycles.ao_bounces_render = 1
    scene.cycles.volume_bounces = 0
    scene.cycles.caustics_reflective = False
    scene.cycles.caustics_refractive = False
    scene.cycles.blur_glossy = 1.0
    scene.cycles.sample_clamp_indirect = 10.0
    scene.cycles.use_auto_tile = False
    scene.render.threads_mode = "AUTO"
    scene.render.resolution_x = WIDTH
    scene.render.resolution_y = HEIGHT
    scene.render.resolution_percentage = 100
    scene.render.fps = FPS
    scene.frame_start = 1
    scene.frame_end = int(seconds * FPS)
    scene.view_settings.view_transform = "Filmic"
    scene.view_settings.look = "Medium High Contrast"
    scene.render.image_settings.file_format = "PNG"
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.compression = 15
    scene.render.use_overwrite = False
    scene.render.use_placeholder = True
    scene.render.use_persistent_data = True
    return scene


def sky_by_bsdf(w):
    """The world is found by the surfaces' own bounce rays, never sampled as a light: a soft, even sky
    is what a diffuse bounce samples well, and the key and rim lights then get every light sample."""
    w.cycles.sampling_method = "NONE"


def world(color, strength=1.0, horizon=None):
    w = bpy.data.worlds.new("World")
    bpy.context.scene.world = w
    w.light_settings.distance = 6.0
    sky_by_bsdf(w)
    w.use_nodes = True
    nodes, links = w.node_tree.nodes, w.node_tree.links
    bg = nodes["Background"]
    if horizon is None:
        bg.inputs["Color"].default_value = (*color, 1)
    else:
        coord = nodes.new("ShaderNodeTexCoord")
        sep = nodes.new("ShaderNodeSeparateXYZ")
        ramp = nodes.new("ShaderNodeValToRGB")
        ramp.color_ramp.elements[0].position = 0.0
        ramp.color_ramp.elements[0].color = (*horizon, 1)
        ramp.color_ramp.elements[1].position = 0.6
        ramp.color_ramp.elements[1].color = (*color, 1)
        links.new(coord.outputs["Generated"], sep.inputs[0])
        links.new(sep.outputs["Z"], ramp.inputs["Fac"])
        links.new(ramp.outputs["Color"], bg.inputs["Color"])
    bg.inputs["Strength"].default_value = strength
    return w


def sky_world(sun_elevation, sun_rotation, strength=0.35):
    w = bpy.data.worlds.new("Sky")
    bpy.context.scene.world = w
    w.light_settings.distance = 6.0
    sky_by_bsdf(w)
    w.use_nodes = True
    nodes, links = w.node_tree.nodes, w.node_tree.links
    sky = nodes.new("ShaderNodeTexSky")
    sky.sky_type = "NISHITA"
    sky.sun_elevation = math.radians(sun_elevation)
    sky.sun_rotation = math.radians(sun_rotation)
    sky.altitude = 200
    sky.air_density = 1.2
    sky.dust_density = 2.0
    links.new(sky.outputs["Color"], nodes["Background"].inputs["Color"])
    nodes["Background"].inputs["Strength"].default_value = strength
    return w


def glow_only(m):
    """A glowing surface is seen and reflected but not picked as a light: picked, the small or hidden
    glows (eyes, rings, a house's lit interior) win light samples that then find them occluded, and at
    a few samples a pixel that is most of the grain."""
    m.cycles.sample_as_light = False


def material(name, color, roughness=0.4, metallic=0.0, clearcoat=0.0, emission=None, strength=0.0,
             transmission=0.0, specular=0.5, noise_bump=0.0, noise_scale=60.0):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    p = m.node_tree.nodes["Principled BSDF"]
    p.inputs["Base Color"].default_value = (*color, 1)
    p.inputs["Roughness"].default_value = roughness
    p.inputs["Metallic"].default_value = metallic
    p.inputs["Clearcoat"].default_value = clearcoat
    p.inputs["Specular"].default_value = specular
    p.inputs["Transmission"].default_value = transmission
    if emission is not None:
        p.inputs["Emission"].default_value = (*emission, 1)
        p.inputs["Emission Strength"].default_value = strength
        glow_only(m)
    if noise_bump:
        nodes, links = m.node_tree.nodes, m.node_tree.links
        noise = nodes.new("ShaderNodeTexNoise")
        noise.inputs["Scale"].default_value = noise_scale
        noise.inputs["Detail"].default_value = 2
        bump = nodes.new("ShaderNodeBump")
        bump.inputs["Strength"].default_value = noise_bump
        links.new(noise.outputs["Fac"], bump.inputs["Height"])
        links.new(bump.outputs["Normal"], p.inputs["Normal"])
    return m


def emission_material(name, color, strength):
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    nodes, links = m.node_tree.nodes, m.node_tree.links
    nodes.remove(nodes["Principled BSDF"])
    e = nodes.new("ShaderNodeEmission")
    e.inputs["Color"].default_value = (*color, 1)
    e.inputs["Strength"].default_value = strength
    links.new(e.outputs["Emission"], nodes["Material Output"].inputs["Surface"])
    glow_only(m)
    return m


def assign(obj, mat):
    obj.data.materials.clear()
    obj.data.materials.append(mat)
    return obj


def smooth(obj, bevel=0.0, segments=3, subdivide=0):
    if bevel:
        mod = obj.modifiers.new("Bevel", "BEVEL")
        mod.width = bevel
        mod.segments = segments
        mod.limit_method = "ANGLE"
    if subdivide:
        mod = obj.modifiers.new("Subsurf", "SUBSURF")
        mod.levels = subdivide
        mod.render_levels = subdivide
    for poly in obj.data.polygons:
        poly.use_smooth = True
    if hasattr(obj.data, "use_auto_smooth"):
        obj.data.use_auto_smooth = True
        obj.data.auto_smooth_angle = math.radians(35)
    return obj


def box(name, size, location, mat, bevel=0.0):
    bpy.ops.mesh.primitive_cube_add(size=1, location=location)
    o = bpy.context.active_object
    o.name = name
    o.scale = size
    bpy.ops.object.transform_apply(scale=True)
    smooth(o, bevel=bevel)
    return assign(o, mat)


def cylinder(name, radius, depth, location, mat, vertices=96, bevel=0.0):
    bpy.ops.mesh.primitive_cylinder_add(radius=radius, depth=depth, location=location, vertices=vertices)
    o = bpy.context.active_object
    o.name = name
    smooth(o, bevel=bevel)
    return assign(o, mat)


def sphere(name, radius, location, mat, segments=64):
    bpy.ops.mesh.primitive_uv_sphere_add(radius=radius, location=location, segments=segments, ring_count=segments // 2)
    o = bpy.context.active_object
    o.name = name
    smooth(o)
    return assign(o, mat)


def cyclorama(mat, width=30, depth=20, height=14, radius=4):
    """A studio's seamless backdrop: a floor that curves up into a wall."""
    verts, faces = [], []
    profile = []
    for i in range(12):
        profile.append((-depth / 2 + i * (depth - radius) / 11, 0.0))
    for i in range(1, 16):
        a = (i / 15) * (math.pi / 2)
        profile.append((depth / 2 - radius + math.sin(a) * radius, radius - math.cos(a) * radius))
    profile.append((depth / 2, height))
    for x in (-width / 2, width / 2):
        for y, z in profile:
            verts.append((x, y, z))
    n = len(profile)
    for i in range(n - 1):
        faces.append((i, i + 1, n + i + 1, n + i))
    mesh = bpy.data.meshes.new("Cyclorama")
    mesh.from_pydata(verts, [], faces)
    o = bpy.data.objects.new("Cyclorama", mesh)
    bpy.context.collection.objects.link(o)
    for poly in mesh.polygons:
        poly.use_smooth = True
    return assign(o, mat)


def area_light(name, location, target, energy, size, color=(1, 1, 1), shape="RECTANGLE", size_y=None):
    data = bpy.data.lights.new(name, "AREA")
    data.energy = energy
    data.color = color
    data.shape = shape
    data.size = size
    if size_y is not None:
        data.size_y = size_y
    o = bpy.data.objects.new(name, data)
    bpy.context.collection.objects.link(o)
    o.location = location
    look_at(o, target)
    return o


def sun(name, rotation, energy, color=(1, 1, 1), angle=2.0):
    data = bpy.data.lights.new(name, "SUN")
    data.energy = energy
    data.color = color
    data.angle = math.radians(angle)
    o = bpy.data.objects.new(name, data)
    bpy.context.collection.objects.link(o)
    o.rotation_euler = [math.radians(a) for a in rotation]
    return o


def look_at(obj, target):
    direction = Vector(target) - obj.location
    obj.rotation_euler = direction.to_track_quat("-Z", "Y").to_euler()


def camera(lens=50, dof_target=None, fstop=2.8, ortho_scale=None):
    data = bpy.data.cameras.new("Camera")
    data.lens = lens
    data.sensor_width = 36
    if ortho_scale:
        data.type = "ORTHO"
        data.ortho_scale = ortho_scale
    if dof_target is not None:
        data.dof.use_dof = True
        data.dof.focus_object = dof_target
        data.dof.aperture_fstop = fstop
    o = bpy.data.objects.new("Camera", data)
    bpy.context.collection.objects.link(o)
    bpy.context.scene.camera = o
    return o


def empty(name, location=(0, 0, 0)):
    o = bpy.data.objects.new(name, None)
    bpy.context.collection.objects.link(o)
    o.location = location
    return o


def track(obj, target):
    c = obj.constraints.new("TRACK_TO")
    c.target = target
    c.track_axis = "TRACK_NEGATIVE_Z"
    c.up_axis = "UP_Y"
    return c


def key(obj, path, frames_values, interpolation="BEZIER", index=-1):
    """Keyframes an RNA path: [(frame, value), ...]; values are tuples for vectors."""
    for frame, value in frames_values:
        setattr(obj, path, value) if index < 0 else getattr(obj, path).__setitem__(index, value)
        obj.keyframe_insert(path, frame=frame, index=index)
    action = obj.animation_data.action
    for curve in action.fcurves:
        if curve.data_path == path:
            for point in curve.keyframe_points:
                point.interpolation = interpolation
                point.easing = "AUTO"


def ease(t):
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


# --- The six films ------------------------------------------------------------------------------


def product_turntable():
    """A smart speaker on a turning plinth in a studio: key, rim and fill lights on a seamless backdrop."""
    scene = reset(6)
    world((0.05, 0.055, 0.07), 1.5)
    backdrop = material("Backdrop", (0.16, 0.17, 0.2), roughness=0.9)
    cyclorama(backdrop)
    plinth_mat = material("Plinth", (0.05, 0.05, 0.055), roughness=0.25, clearcoat=0.6)
    plinth = cylinder("Plinth", 1.6, 0.5, (0, 0, 0.25), plinth_mat, bevel=0.04)
    pivot = empty("Pivot", (0, 0, 0.5))
    fabric = material("Fabric", (0.72, 0.68, 0.62), roughness=0.85, noise_bump=0.25, noise_scale=220)
    body = cylinder("Speaker", 0.7, 2.1, (0, 0, 1.55), fabric, bevel=0.12)
    body.parent = pivot
    body.location = (0, 0, 1.05)
    top_mat = material("Top", (0.04, 0.04, 0.045), roughness=0.18, clearcoat=1.0)
    top = cylinder("Top", 0.66, 0.06, (0, 0, 2.12), top_mat, bevel=0.02)
    top.parent = pivot
    top.location = (0, 0, 2.12)
    ring_mat = emission_material("Ring", (0.35, 0.6, 1.0), 6.0)
    bpy.ops.mesh.primitive_torus_add(major_radius=0.42, minor_radius=0.018, location=(0, 0, 2.16))
    ring = assign(smooth(bpy.context.active_object), ring_mat)
    ring.parent = pivot
    ring.location = (0, 0, 1.66)
    brass = material("Brass", (0.9, 0.68, 0.38), roughness=0.22, metallic=1.0)
    for i in range(4):
        a = i * math.pi / 2 + math.pi / 4
        b = cylinder(f"Button{i}", 0.06, 0.03, (0, 0, 0), brass, vertices=32)
        b.parent = pivot
        b.location = (math.cos(a) * 0.25, math.sin(a) * 0.25, 1.66)
    foot = cylinder("Foot", 0.6, 0.08, (0, 0, 0), brass, bevel=0.02)
    foot.parent = pivot
    foot.location = (0, 0, 0.04)
    key(pivot, "rotation_euler", [(1, 0.0), (scene.frame_end, math.radians(160))], "LINEAR", index=2)
    key(plinth, "rotation_euler", [(1, 0.0), (scene.frame_end, math.radians(160))], "LINEAR", index=2)

    # Two lights and the world as the fill: with more, most light samples miss at 8 a pixel.
    area_light("Key", (4.5, -4.0, 5.0), (0, 0, 1.4), 1000, 3.5, (1.0, 0.93, 0.85))
    area_light("Rim", (-3.5, 3.5, 4.0), (0, 0, 1.6), 700, 1.2, (0.7, 0.8, 1.0), size_y=4.0)

    focus = empty("Focus", (0, 0, 1.5))
    cam = camera(lens=50, dof_target=focus, fstop=4.0)
    track(cam, focus)
    key(focus, "location", [(1, (0, 0, 1.35)), (scene.frame_end, (0, 0, 1.3))])
    key(cam, "location", [(1, (5.8, -8.8, 3.9)), (scene.frame_end, (2.4, -9.8, 2.2))])
    return scene


def logo_reveal():
    """A brand mark in brushed gold pushes out of the dark; a light sweeps across it and the line settles."""
    scene = reset(6)
    world((0.012, 0.014, 0.03), 1.0)
    floor_mat = material("Floor", (0.02, 0.02, 0.025), roughness=0.12, clearcoat=1.0)
    bpy.ops.mesh.primitive_plane_add(size=60, location=(0, 0, 0))
    assign(bpy.context.active_object, floor_mat)
    gold = material("Gold", (1.0, 0.74, 0.38), roughness=0.28, metallic=1.0)

    curve = bpy.data.curves.new("Mark", "FONT")
    curve.body = "NORTHWIND"
    curve.align_x = "CENTER"
    curve.align_y = "BOTTOM"
    curve.size = 0.8
    curve.extrude = 0.08
    curve.bevel_depth = 0.015
    curve.bevel_resolution = 4
    curve.space_character = 1.1
    text = bpy.data.objects.new("Mark", curve)
    bpy.context.collection.objects.link(text)
    text.rotation_euler = (math.radians(90), 0, 0)
    text.location = (0, 0, 0.02)
    text.data.materials.append(gold)

    emblem_mat = material("Emblem", (0.95, 0.95, 0.97), roughness=0.15, metallic=1.0)
    bpy.ops.mesh.primitive_torus_add(major_radius=0.38, minor_radius=0.05, location=(0, 0, 1.55),
                                     rotation=(math.radians(90), 0, 0), major_segments=96, minor_segments=24)
    emblem = assign(smooth(bpy.context.active_object), emblem_mat)
    bpy.ops.mesh.primitive_cone_add(radius1=0.15, depth=0.42, location=(0, 0, 1.55), rotation=(0, 0, 0), vertices=4)
    arrow = assign(smooth(bpy.context.active_object, bevel=0.02), gold)
    key(emblem, "rotation_euler", [(1, (math.radians(90), 0, math.radians(-120))), (80, (math.radians(90), 0, 0))], index=-1)
    key(arrow, "rotation_euler", [(1, (0, 0, math.radians(-240))), (90, (0, 0, math.radians(45)))], index=-1)
    key(text, "location", [(1, (0, 1.6, 0.02)), (70, (0, 0, 0.02))])

    line_mat = emission_material("Line", (1.0, 0.62, 0.28), 18.0)
    line = box("Line", (5.2, 0.012, 0.012), (0, -0.3, 0.012), line_mat)
    key(line, "scale", [(30, (0.0, 1, 1)), (85, (1.0, 1, 1))])

    sweep = area_light("Sweep", (-8, -3, 2.5), (0, 0, 1.0), 1400, 0.6, (1.0, 0.85, 0.7), size_y=5.0)
    key(sweep, "location", [(1, (-9, -3.5, 2.5)), (scene.frame_end, (9, -3.5, 2.5))])
    area_light("Back", (0, 4, 3), (0, 0, 1.2), 400, 8.0, (0.4, 0.55, 1.0), size_y=0.5)
    # A soft warm key from the camera's side: the mark stays lit once the sweep has passed.
    area_light("Key", (2.5, -7.0, 3.0), (0, 0, 0.8), 260, 4.0, (1.0, 0.86, 0.7))

    focus = empty("Focus", (0, 0, 0.8))
    cam = camera(lens=40, dof_target=focus, fstop=2.8)
    track(cam, focus)
    key(cam, "location", [(1, (-2.2, -4.6, 0.35)), (100, (0, -8.0, 1.1)), (scene.frame_end, (0.15, -8.4, 1.15))])
    return scene


def architecture():
    """A glass house at golden hour, the camera flying past the pool towards the living room."""
    scene = reset(6)
    sky_world(7, 225, strength=0.3)
    sun("Sun", (83, 0, 45), 3.2, (1.0, 0.78, 0.55), angle=1.5)
    grass = material("Lawn", (0.11, 0.2, 0.07), roughness=0.95, noise_bump=0.6, noise_scale=90)
    bpy.ops.mesh.primitive_plane_add(size=160, location=(0, 0, 0))
    assign(bpy.context.active_object, grass)
    concrete = material("Concrete", (0.62, 0.6, 0.56), roughness=0.8, noise_bump=0.08, noise_scale=40)
    wood = material("Cedar", (0.36, 0.2, 0.11), roughness=0.55, noise_bump=0.1, noise_scale=14)
    dark = material("Frame", (0.03, 0.03, 0.03), roughness=0.4, metallic=0.6)
    glass = material("Glass", (0.75, 0.85, 0.9), roughness=0.02, transmission=1.0, specular=0.5)
    warm = emission_material("Interior", (1.0, 0.72, 0.42), 3.0)
    water = material("Water", (0.1, 0.45, 0.6), roughness=0.04, transmission=0.7, noise_bump=0.15, noise_scale=6)
    stone = material("Terrace", (0.78, 0.76, 0.72), roughness=0.7)

    box("Terrace", (22, 16, 0.3), (0, 0, 0.15), stone, bevel=0.02)
    box("Pool", (12, 4, 0.05), (0, -5.5, 0.29), water)
    box("Ground floor slab", (16, 9, 0.4), (0, 2.5, 0.5), concrete, bevel=0.02)
    box("Roof", (17.5, 10.5, 0.45), (0, 2.5, 4.1), concrete, bevel=0.02)
    box("Upper volume", (9, 8, 3.2), (-2.5, 3.0, 5.9), wood, bevel=0.02)
    box("Upper roof", (9.6, 8.6, 0.35), (-2.5, 3.0, 7.65), concrete, bevel=0.02)
    box("Back wall", (16, 0.4, 3.4), (0, 6.8, 2.3), concrete)
    box("Side wall", (0.4, 9, 3.4), (-7.8, 2.5, 2.3), wood)
    box("Glass front", (15, 0.06, 3.3), (0.5, -1.9, 2.35), glass)
    for i in range(7):
        box(f"Mullion{i}", (0.08, 0.12, 3.3), (-7.0 + i * 2.5, -1.9, 2.35), dark)
    box("Glow", (14, 0.1, 3.2), (0.5, 6.5, 2.3), warm)
    box("Upper glass", (0.06, 6, 2.2), (2.02, 3.0, 5.9), glass)
    box("Upper glow", (0.1, 5.6, 2.0), (1.5, 3.0, 5.9), warm)
    sofa = material("Sofa", (0.85, 0.8, 0.72), roughness=0.9)
    box("Sofa", (3.2, 1.0, 0.8), (-1.0, 2.0, 1.1), sofa, bevel=0.12)
    box("Table", (1.4, 0.8, 0.4), (-1.0, 0.6, 0.9), wood, bevel=0.03)
    lamp = emission_material("Lamp", (1.0, 0.8, 0.55), 12.0)
    sphere("Pendant", 0.3, (2.5, 2.0, 3.2), lamp, 32)
    lounger = material("Loungers", (0.92, 0.92, 0.9), roughness=0.7)
    for i in range(3):
        box(f"Lounger{i}", (0.8, 2.0, 0.3), (-4.0 + i * 1.6, -8.6, 0.45), lounger, bevel=0.08)

    leaves = material("Leaves", (0.09, 0.2, 0.06), roughness=0.8, noise_bump=0.8, noise_scale=8)
    bark = material("Bark", (0.18, 0.12, 0.08), roughness=0.9)
    trees = [(-16, 8), (-13, -6), (14, 9), (17, -2), (-20, 1), (11, -14), (-9, -15), (22, 12), (-24, 14)]
    for i, (x, y) in enumerate(trees):
        h = 4.5 + (i % 3) * 1.2
        cylinder(f"Trunk{i}", 0.2, h, (x, y, h / 2), bark, vertices=12)
        bpy.ops.mesh.primitive_ico_sphere_add(subdivisions=3, radius=2.0 + (i % 2) * 0.6, location=(x, y, h + 1.0))
        crown = assign(smooth(bpy.context.active_object), leaves)
        crown.scale = (1.0, 1.0, 1.2)
        d = crown.modifiers.new("Displace", "DISPLACE")
        tex = bpy.data.textures.new(f"Clouds{i}", "CLOUDS")
        tex.noise_scale = 0.8
        d.texture = tex
        d.strength = 0.7

    focus = empty("Focus", (0, 1.0, 2.0))
    cam = camera(lens=28, dof_target=focus, fstop=8.0)
    track(cam, focus)
    key(focus, "location", [(1, (-2, 2.0, 3.0)), (scene.frame_end, (-0.5, 1.5, 2.0))])
    key(cam, "location", [(1, (18, -22, 6.5)), (100, (9, -15, 3.2)), (scene.frame_end, (3.0, -10.5, 2.0))])
    return scene


def explainer():
    """An isometric explainer set in soft pastels: a phone, a growing bar chart and icons that pop in."""
    scene = reset(6)
    world((0.95, 0.93, 0.98), 0.9)
    base = material("Base", (0.93, 0.9, 0.98), roughness=0.9)
    bpy.ops.mesh.primitive_plane_add(size=80, location=(0, 0, 0))
    assign(bpy.context.active_object, base)
    deck = material("Deck", (0.55, 0.45, 0.95), roughness=0.5)
    box("Deck", (9, 6, 0.4), (0, 0, 0.2), deck, bevel=0.18)
    phone_mat = material("Phone", (0.08, 0.08, 0.12), roughness=0.25, clearcoat=1.0)
    phone = box("Phone", (1.5, 0.16, 3.0), (-2.2, 0.4, 1.95), phone_mat, bevel=0.12)
    screen = material("Screen", (0.2, 0.3, 0.9), roughness=0.3, emission=(0.3, 0.45, 1.0), strength=1.8)
    box("Screen", (1.32, 0.02, 2.7), (-2.2, 0.31, 1.95), screen)
    card = material("Card", (0.99, 0.99, 1.0), roughness=0.6)
    pinks = material("Pink", (1.0, 0.45, 0.62), roughness=0.4)
    mint = material("Mint", (0.35, 0.88, 0.7), roughness=0.4)
    amber = material("Amber", (1.0, 0.74, 0.25), roughness=0.4)
    for i, (mat, y) in enumerate([(card, 2.7), (card, 2.0), (card, 1.3)]):
        b = box(f"Row{i}", (1.1, 0.04, 0.45), (-2.2, 0.29, y), mat, bevel=0.05)
        key(b, "scale", [(10 + i * 8, (0.0, 1, 0.0)), (22 + i * 8, (1.0, 1, 1.0))])
    colours = [pinks, mint, amber, deck, mint]
    heights = [1.0, 1.6, 1.3, 2.2, 2.9]
    for i, (mat, h) in enumerate(zip(colours, heights)):
        x = 0.4 + i * 0.75
        bar = box(f"Bar{i}", (0.5, 0.5, 1.0), (x, -0.5, 0.4), mat, bevel=0.06)
        bar.data.transform(__import__("mathutils").Matrix.Translation((0, 0, 0.5)))
        start = 30 + i * 7
        key(bar, "scale", [(1, (1, 1, 0.02)), (start, (1, 1, 0.02)), (start + 22, (1, 1, h))])
    icons = [("Coin", amber, (3.0, 1.6, 3.4)), ("Heart", pinks, (0.6, 1.8, 3.8)), ("Check", mint, (-0.2, -1.4, 3.1))]
    for i, (name, mat, loc) in enumerate(icons):
        if name == "Coin":
            o = cylinder(name, 0.45, 0.12, loc, mat, vertices=64, bevel=0.03)
            o.rotation_euler = (math.radians(90), 0, 0)
        else:
            o = sphere(name, 0.4, loc, mat, 48)
        start = 60 + i * 12
        key(o, "scale", [(1, (0.0, 0.0, 0.0)), (start, (0.0, 0.0, 0.0)), (start + 8, (1.2, 1.2, 1.2)), (start + 14, (1.0, 1.0, 1.0))])
        key(o, "location", [(start, loc), (scene.frame_end, (loc[0], loc[1], loc[2] + 0.35))])
    area_light("Key", (6, -6, 9), (0, 0, 0), 1800, 6.0, (1.0, 0.96, 0.92))
    cam = camera(ortho_scale=10.5)
    target = empty("Target", (0.6, 0, 1.4))
    track(cam, target)
    key(cam, "location", [(1, (11, -12, 11)), (scene.frame_end, (13, -10, 11))])
    key(cam.data, "ortho_scale", [(1, 11.5), (scene.frame_end, 10.0)])
    return scene


def character():
    """A round little robot hops onto its mark, looks at the camera and waves."""
    scene = reset(6)
    world((0.55, 0.72, 0.9), 0.9, horizon=(0.98, 0.86, 0.72))
    ground = material("Ground", (0.95, 0.72, 0.5), roughness=0.85)
    cyclorama(ground, width=40, depth=26, height=16, radius=6)
    shell = material("Shell", (0.95, 0.95, 0.93), roughness=0.25, clearcoat=0.8)
    accent = material("Accent", (1.0, 0.42, 0.22), roughness=0.35)
    visor = material("Visor", (0.02, 0.03, 0.05), roughness=0.08, clearcoat=1.0)
    eye = emission_material("Eyes", (0.4, 0.9, 1.0), 8.0)

    root = empty("Root", (-3.0, 0, 0))
    body = sphere("Body", 0.9, (0, 0, 0), shell)
    body.parent = root
    body.location = (0, 0, 1.0)
    body.scale = (1.0, 0.9, 1.05)
    belt = cylinder("Belt", 0.88, 0.18, (0, 0, 0), accent, bevel=0.05)
    belt.parent = root
    belt.location = (0, 0, 0.95)
    head_pivot = empty("Neck", (0, 0, 0))
    head_pivot.parent = root
    head_pivot.location = (0, 0, 1.95)
    head = sphere("Head", 0.72, (0, 0, 0), shell)
    head.parent = head_pivot
    head.location = (0, 0, 0.55)
    head.scale = (1.1, 1.0, 0.9)
    face = sphere("Visor", 0.58, (0, 0, 0), visor)
    face.parent = head_pivot
    face.location = (0, -0.28, 0.55)
    face.scale = (1.05, 0.7, 0.72)
    for side in (-1, 1):
        e = sphere(f"Eye{side}", 0.1, (0, 0, 0), eye, 24)
        e.parent = head_pivot
        e.location = (side * 0.22, -0.68, 0.6)
        e.scale = (1.0, 0.5, 1.3)
        key(e, "scale", [(100, (1.0, 0.5, 1.3)), (103, (1.0, 0.5, 0.1)), (106, (1.0, 0.5, 1.3))])
    antenna = cylinder("Antenna", 0.025, 0.5, (0, 0, 0), accent, vertices=16)
    antenna.parent = head_pivot
    antenna.location = (0, 0, 1.3)
    tip = sphere("Tip", 0.09, (0, 0, 0), accent, 24)
    tip.parent = head_pivot
    tip.location = (0, 0, 1.58)
    arms = {}
    for side in (-1, 1):
        shoulder = empty(f"Shoulder{side}", (0, 0, 0))
        shoulder.parent = root
        shoulder.location = (side * 0.92, 0, 1.35)
        arm = cylinder(f"Arm{side}", 0.12, 0.7, (0, 0, 0), shell, vertices=24, bevel=0.05)
        arm.parent = shoulder
        arm.location = (side * 0.05, 0, -0.35)
        hand = sphere(f"Hand{side}", 0.17, (0, 0, 0), accent, 24)
        hand.parent = shoulder
        hand.location = (side * 0.05, 0, -0.75)
        arms[side] = shoulder
    for side in (-1, 1):
        foot = sphere(f"Foot{side}", 0.28, (0, 0, 0), accent, 32)
        foot.parent = root
        foot.location = (side * 0.42, -0.05, 0.14)
        foot.scale = (1.0, 1.3, 0.55)

    # Three hops onto the mark: squash on landing, stretch in the air.
    hops = [(1, -3.0), (18, -2.0), (36, -1.0), (54, 0.0)]
    loc_keys, scale_keys = [], []
    for i, (frame, x) in enumerate(hops):
        loc_keys.append((frame, (x, 0, 0)))
        scale_keys.append((frame, (1.12, 1.12, 0.84)))
        if i + 1 < len(hops):
            mid = (frame + hops[i + 1][0]) // 2
            loc_keys.append((mid, ((x + hops[i + 1][1]) / 2, 0, 0.9)))
            scale_keys.append((mid, (0.94, 0.94, 1.1)))
    loc_keys.append((60, (0, 0, 0)))
    scale_keys.append((62, (1, 1, 1)))
    key(root, "location", loc_keys)
    key(root, "scale", scale_keys)
    key(root, "rotation_euler", [(1, (0, 0, math.radians(-50))), (54, (0, 0, math.radians(-20))), (72, (0, 0, 0))])
    key(head_pivot, "rotation_euler", [(60, (0, 0, 0)), (76, (math.radians(-8), 0, math.radians(12))), (90, (0, math.radians(8), math.radians(-6))), (150, (0, 0, 0))])
    wave = [(70, (0, 0, 0)), (84, (0, math.radians(-150), 0))]
    for i in range(4):
        wave.append((92 + i * 10, (0, math.radians(-125 if i % 2 == 0 else -165), 0)))
    wave.append((scene.frame_end, (0, math.radians(-150), 0)))
    key(arms[1], "rotation_euler", wave)
    key(arms[-1], "rotation_euler", [(1, (0, math.radians(12), 0)), (60, (0, math.radians(4), 0)), (scene.frame_end, (0, math.radians(10), 0))])

    area_light("Key", (5, -6, 7), (0, 0, 1), 1600, 4.0, (1.0, 0.93, 0.82))
    area_light("Rim", (-4, 4, 5), (0, 0, 1.6), 900, 2.0, (0.7, 0.85, 1.0))
    focus = empty("Focus", (0, 0, 1.6))
    key(focus, "location", [(1, (-2.4, 0, 1.3)), (60, (0, 0, 1.6))])
    cam = camera(lens=42, dof_target=focus, fstop=2.8)
    track(cam, focus)
    key(cam, "location", [(1, (1.5, -10.5, 2.6)), (scene.frame_end, (0.6, -8.2, 2.2))])
    return scene


def motion_graphics():
    """A field of glossy pillars rippling in a wave under coloured light, the camera drifting above it."""
    scene = reset(6)
    world((0.03, 0.03, 0.05), 1.0)
    n = 13
    spacing = 0.62
    palette = [
        material("Violet", (0.42, 0.2, 0.95), roughness=0.22, clearcoat=1.0),
        material("Magenta", (0.95, 0.18, 0.55), roughness=0.22, clearcoat=1.0),
        material("Ice", (0.85, 0.9, 1.0), roughness=0.18, clearcoat=1.0),
    ]
    bpy.ops.mesh.primitive_plane_add(size=60, location=(0, 0, 0))
    assign(bpy.context.active_object, material("Floor", (0.02, 0.02, 0.03), roughness=0.2, clearcoat=1.0))
    frames = range(1, scene.frame_end + 1, 3)
    for ix in range(n):
        for iy in range(n):
            x = (ix - (n - 1) / 2) * spacing
            y = (iy - (n - 1) / 2) * spacing
            r = math.hypot(x, y)
            mat = palette[2] if (ix + iy) % 5 == 0 else palette[(ix * 3 + iy) % 2]
            o = box(f"P{ix}_{iy}", (0.5, 0.5, 1.0), (x, y, 0), mat, bevel=0.06)
            o.data.transform(__import__("mathutils").Matrix.Translation((0, 0, 0.5)))
            values = []
            for f in frames:
                t = f / FPS
                h = 0.35 + 1.25 * (0.5 + 0.5 * math.sin(t * 2.4 - r * 1.5)) * ease(t / 1.2)
                values.append((f, (1, 1, h)))
            key(o, "scale", values)
    area_light("Magenta", (-6, 2, 5), (0, 0, 0), 1200, 3.0, (1.0, 0.3, 0.6))
    area_light("Blue", (6, -2, 5), (0, 0, 0), 1200, 3.0, (0.3, 0.5, 1.0))
    focus = empty("Focus", (0, 0, 0.6))
    cam = camera(lens=40, dof_target=focus, fstop=3.5)
    track(cam, focus)
    key(cam, "location", [(1, (7.5, -7.5, 5.5)), (scene.frame_end, (3.5, -9.5, 3.6))])
    return scene


def avatar(initials, backdrop, letters, light):
    """A creator's mark: their initials in bevelled, lacquered 3D letters on a studio backdrop, lit like a product."""
    scene = reset(1)
    scene.render.resolution_x = 512
    scene.render.resolution_y = 512
    world(backdrop, 0.6)
    cyclorama(material("Backdrop", backdrop, roughness=0.9), width=30, depth=20, height=14, radius=4)
    bpy.ops.object.text_add(location=(0, 0, 0))
    text = bpy.context.active_object
    text.data.body = initials
    text.data.align_x = "CENTER"
    text.data.align_y = "CENTER"
    text.data.size = 1.6
    text.data.extrude = 0.22
    text.data.bevel_depth = 0.035
    text.data.bevel_resolution = 4
    text.location = (0, 0, 0.95)
    text.rotation_euler = (math.radians(90), 0, math.radians(-14))
    assign(text, material("Letters", letters, roughness=0.18, clearcoat=1.0))
    plinth = cylinder("Plinth", 1.35, 0.3, (0, 0.1, 0.15), material("Plinth", (0.92, 0.92, 0.9), roughness=0.35), bevel=0.04)
    smooth(plinth)
    area_light("Key", (3.5, -4.5, 5.0), (0, 0, 1.2), 900, 3.0, light)
    area_light("Fill", (-4.5, -3.0, 2.5), (0, 0, 1.2), 250, 4.0, (0.85, 0.9, 1.0))
    area_light("Rim", (-1.5, 4.0, 4.5), (0, 0, 1.4), 700, 1.5, (1.0, 1.0, 1.0))
    focus = empty("Focus", (0, 0, 0.85))
    cam = camera(lens=75, dof_target=focus, fstop=5.6)
    track(cam, focus)
    cam.location = (1.1, -7.4, 1.9)
    return scene


FILMS = {
    "product": product_turntable,
    "logo": logo_reveal,
    "architecture": architecture,
    "explainer": explainer,
    "character": character,
    "motion": motion_graphics,
}


def hex_color(value):
    """`#RRGGBB` as linear RGB (what Blender's colours take)."""
    def linear(c):
        c = int(c, 16) / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    value = value.lstrip("#")
    return tuple(linear(value[i:i + 2]) for i in (0, 2, 4))


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    if argv and argv[0] == "avatar":
        # blender -b -P scenes.py -- avatar <file.png> <samples> <initials> <backdrop> <letters> <light>
        out, samples, initials = argv[1], int(argv[2]), argv[3]
        scene = avatar(initials, *(hex_color(c) for c in argv[4:7]))
        scene.cycles.samples = samples
        scene.render.filepath = out
        print(f"RENDER avatar {initials}", flush=True)
        bpy.ops.render.render(write_still=True)
        return
    if len(argv) < 2 or argv[0] not in FILMS:
        raise SystemExit(f"usage: blender -b -P scenes.py -- <{'|'.join(FILMS)}> <frames-dir> [samples] [first-last]")
    film, out = argv[0], argv[1]
    scene = FILMS[film]()
    samples = int(argv[2]) if len(argv) > 2 else 9
    scene.cycles.samples = samples
    scene.render.filepath = out.rstrip("/") + "/"
    if len(argv) > 3:
        first, _, last = argv[3].partition("-")
        scene.frame_start, scene.frame_end = int(first), int(last or first)
    print(f"RENDER {film} frames {scene.frame_start}-{scene.frame_end}", flush=True)
    bpy.ops.render.render(animation=True)


main()
