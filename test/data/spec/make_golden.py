#!/usr/bin/env python3
# Regenerates the golden files used by test/compile_tree_test.cc from MuJoCo:
#   python3 test/data/spec/make_golden.py [MJREF [name ...]]
# (MJREF: the dumper to run, default tools/golden_util.py's)
# (with names, e.g. `skin flag_skin`, only those models are regenerated)
# For every <model>.xml here, for the models of ../shared/models listed in SHARED (written to
# shared/<dir>.json) and for the project's models in model/ (written to own/<name>.json), it runs
#   mjref <model>.xml --forward-only --fields m.<field>,...
# and stores {field: value} for the fields of FIELDS that the dumper knows. The m.stat.* fields
# need an mjref whose --fields accepts nested members: the default (tools/mjref_kit.py, MuJoCo
# 3.8.0) does; for the 3.3.8 oracle pass tools/mjref_nested.py as the mjref argument; with the
# stock mjref they are skipped.
import json, os, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'tools'))
from golden_util import mjref_command, mujoco_version  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MJREF = [sys.argv[1]] if len(sys.argv) > 1 else mjref_command()
ONLY = set(sys.argv[2:])
MAX_NUMBERS = 4000  # arrays longer than this are sampled
SAMPLES = 500        # about this many elements of a sampled array are kept

FIELDS = """
nq nv nbody njnt ngeom nsite ncam nlight nmocap ntree nbvh nbvhstatic nnames npaths nkey
nuser_body nuser_jnt nuser_geom nuser_site nuser_cam nmat nnumeric nnumericdata ntext ntextdata
ntuple ntupledata nuserdata nM nC nD nB ngravcomp narena
qpos0 qpos_spring
body_parentid body_rootid body_weldid body_mocapid body_jntnum body_jntadr body_dofnum
body_dofadr body_treeid body_geomnum body_geomadr body_simple body_sameframe body_pos body_quat
body_ipos body_iquat body_mass body_subtreemass body_inertia body_gravcomp body_margin body_user
body_contype body_conaffinity body_bvhadr body_bvhnum
bvh_depth bvh_child bvh_nodeid bvh_aabb
jnt_type jnt_qposadr jnt_dofadr jnt_bodyid jnt_group jnt_limited jnt_actfrclimited
jnt_actgravcomp jnt_solref jnt_solimp jnt_pos jnt_axis jnt_stiffness jnt_range jnt_actfrcrange
jnt_margin jnt_user
dof_bodyid dof_jntid dof_parentid dof_treeid dof_Madr dof_simplenum dof_solref dof_solimp
dof_frictionloss dof_armature dof_damping dof_M0
geom_type geom_contype geom_conaffinity geom_condim geom_bodyid geom_dataid geom_matid
geom_group geom_priority geom_sameframe geom_solmix geom_solref geom_solimp geom_size geom_aabb
geom_rbound geom_pos geom_quat geom_friction geom_margin geom_gap geom_fluid geom_user geom_rgba
site_type site_bodyid site_matid site_group site_sameframe site_size site_pos site_quat site_user
site_rgba
cam_mode cam_bodyid cam_targetbodyid cam_pos cam_quat cam_poscom0 cam_pos0 cam_mat0
cam_projection cam_fovy cam_ipd cam_resolution cam_sensorsize cam_intrinsic cam_user
light_mode light_bodyid light_targetbodyid light_type light_texid light_castshadow
light_bulbradius light_intensity light_range light_active light_pos light_dir light_poscom0
light_pos0 light_dir0 light_attenuation light_cutoff light_exponent light_ambient light_diffuse
light_specular
mat_texid mat_texuniform mat_texrepeat mat_emission mat_specular mat_shininess mat_reflectance
mat_metallic mat_roughness mat_rgba
numeric_adr numeric_size numeric_data text_adr text_size text_data tuple_adr tuple_size
tuple_objtype tuple_objid tuple_objprm
key_time key_qpos key_qvel key_act key_mpos key_mquat key_ctrl
name_bodyadr name_jntadr name_geomadr name_siteadr name_camadr name_lightadr name_matadr
name_numericadr name_textadr name_tupleadr name_keyadr names
stat.meaninertia stat.meanmass stat.meansize stat.extent stat.center
opt.timestep opt.gravity opt.integrator opt.iterations
nskin nskinvert nskintexvert nskinface nskinbone nskinbonevert skin_matid skin_group skin_rgba
skin_inflate skin_vertadr skin_vertnum skin_texcoordadr skin_faceadr skin_facenum skin_boneadr
skin_bonenum skin_vert skin_texcoord skin_face skin_bonevertadr skin_bonevertnum
skin_bonebindpos skin_bonebindquat skin_bonebodyid skin_bonevertid skin_bonevertweight
name_skinadr actuator_lengthrange
noct mesh_octadr mesh_octnum oct_depth oct_child oct_aabb oct_coeff
""".split()


def run(model, fields):
    cmd = MJREF + [model, '--forward-only', '--fields', ','.join('m.' + f for f in fields)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr
    return json.loads(p.stdout.splitlines()[0]), ''


# real models (directory, main file) whose tree and global arrays the compiler reproduces
SHARED = [('act_activation', 'activation.xml'), ('act_refsite_free', 'refsite_free.xml'),
          ('act_tendon_dampratio', 'tendon_dampratio.xml'), ('arm26', 'arm26.xml'),
          ('balloons', 'balloons.xml'), ('eq_connect', 'connect.xml'), ('eq_site', 'equality_site.xml'),
          ('eq_weld', 'weld.xml'), ('hfield_png', 'hfield_png.xml'), ('humanoid', 'humanoid.xml'),
          ('robot_arm', 'robot_arm.xml'), ('slider_crank', 'slider_crank.xml'),
          ('tendon_wrap_cylinder', 'tendon_wrap_cylinder.xml'),
          ('sensor_contact_subtree', 'contact_subtree.xml'), ('car', 'car.xml'),
          ('cube_3x3x3', 'cube_3x3x3.xml'), ('mug', 'mug.xml'),
          ('replicate_stonehenge', 'stonehenge.xml'), ('humanoid200', 'humanoid200.xml'),
          ('flag_skin', 'flag.xml'), ('dice', 'dice.xml'), ('collision_mixed', 'mixed.xml'),
          ('planks', 'planks.xml'), ('spheres_cylinders', 'spheres_cylinders.xml'),
          ('sensor_fromto_convex', 'fromto_convex.xml'), ('testdata_model', 'model.xml'),
          ('replicate_bunnies', 'bunnies.xml')]


def main():
    jobs = [(os.path.join(HERE, n), os.path.join(HERE, n[:-4] + '.json'))
            for n in sorted(os.listdir(HERE)) if n.endswith('.xml')]
    models = os.path.join(HERE, '..', '..', '..', '..', 'shared', 'models')
    os.makedirs(os.path.join(HERE, 'shared'), exist_ok=True)
    for d, xml in SHARED:
        jobs.append((os.path.join(models, d, xml), os.path.join(HERE, 'shared', d + '.json')))
    # the project's example models (model/*.xml), written to own/<name>.json
    own = os.path.join(HERE, '..', '..', '..', 'model')
    os.makedirs(os.path.join(HERE, 'own'), exist_ok=True)
    for n in sorted(os.listdir(own)):
        if n.endswith('.xml'):
            jobs.append((os.path.join(own, n), os.path.join(HERE, 'own', n[:-4] + '.json')))
    for path, outpath in jobs:
        name = os.path.basename(path)
        if ONLY and os.path.basename(outpath)[:-5] not in ONLY:
            continue
        fields = list(FIELDS)
        while True:
            rec, err = run(path, fields)
            if rec is not None:
                break
            bad = [f for f in fields if ("field " + f.split('.')[0] + " ") in err or
                   ("field m." + f + "\n") in err]
            if not bad:
                sys.exit('%s: %s' % (name, err))
            fields = [f for f in fields if f not in bad]
        out = {'_provenance': 'generated by test/data/spec/make_golden.py from MuJoCo %s'
                              % mujoco_version(path)}
        for f in fields:
            v = rec['m.' + f]
            if isinstance(v, dict):  # struct member not exposed as data
                continue
            if f == 'names':
                v = [ord(ch) for ch in v] if isinstance(v, str) else v
            if isinstance(v, list) and len(v) > MAX_NUMBERS:
                # keep the golden files small: a long array (mesh BVHs, skins) is stored as its
                # length and every k-th element (compile_tree_test compares both)
                k = -(-len(v) // SAMPLES)
                out[f + '@size'] = [len(v)]
                out[f + '@stride' + str(k)] = v[::k]
                # and two checksums over every element: the plain sum and a position-weighted sum
                # of magnitudes (weights 1..7 cycling), so that a difference anywhere shows
                out[f + '@sum'] = [sum(v), sum(abs(x) * (i % 7 + 1) for i, x in enumerate(v))]
            else:
                out[f] = v
        with open(outpath, 'w') as fp:
            json.dump(out, fp, separators=(',', ':'))
            fp.write('\n')
        print(name, len(out), 'fields')


if __name__ == '__main__':
    main()
