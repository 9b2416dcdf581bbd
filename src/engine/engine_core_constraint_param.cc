// Copyright 2026 The Motus Authors. Licensed under the Apache License, Version 2.0.
//
// Solver parameters of the constraint rows (computation_index.rst "Constraint solver /
// Parameters"; modeling.rst "Solver parameters"): the diagonal approximation of A = J M^-1 J',
// impedance, stiffness and damping, the regularizer R, and the reference acceleration.

#include <math.h>

#include <mujoco/mujoco.h>

#include "engine/engine_collision_flex.h"
#include "engine/engine_core_constraint.h"
#include "engine/engine_util_errmem.h"

// ---------------------------------------------------------------------------------------------
// impedance and reference (modeling.rst "Impedance", "Reference")

namespace {

// d(r) = dmin + y(|r| / width) (dmax - dmin), where y is a sigmoid on [0, 1] built from two
// power functions joined at the midpoint: y = x^p / mid^(p-1) below it,
// y = 1 - (1-x)^p / (1-mid)^(p-1) above it (y is linear for p = 1); beyond the width d = dmax.
// dmin and dmax are clamped to [mjMINIMP, mjMAXIMP].
// x^p; x^1 = x exactly (the correctly rounded power), without the cost of pow: the sigmoid's
// default power 2 needs the first power twice per row
mjtNum powOf(mjtNum x, mjtNum p) {
  return p == 1 ? x : pow(x, p);
}

}  // namespace

mjtNum mj_impedance(const mjtNum solimp[mjNIMP], mjtNum r, mjtNum* dimp) {
  mjtNum dmin = mju_clip(solimp[0], mjMINIMP, mjMAXIMP);
  mjtNum dmax = mju_clip(solimp[1], mjMINIMP, mjMAXIMP);
  mjtNum width = solimp[2], mid = solimp[3], power = solimp[4];
  if (dimp) {
    *dimp = 0;
  }
  mjtNum x = width > mjMINVAL ? fabs(r) / width : 1;
  if (x >= 1) {
    return dmax;
  }

  mjtNum y, slope;
  if (power <= 1) {
    y = x;
    slope = 1;
  } else if (x <= mid) {
    mjtNum a = 1 / powOf(mid, power - 1);
    y = a * pow(x, power);
    slope = power * a * powOf(x, power - 1);
  } else {
    mjtNum a = 1 / powOf(1 - mid, power - 1);
    y = 1 - a * pow(1 - x, power);
    slope = power * a * powOf(1 - x, power - 1);
  }
  if (dimp) {
    mjtNum sign = r < 0 ? -1 : (r > 0 ? 1 : 0);
    *dimp = sign * slope * (dmax - dmin) / width;
  }
  return dmin + y * (dmax - dmin);
}

// Positive solref (timeconst, dampratio): b = 2 / (dmax timeconst),
// k = 1 / (dmax^2 timeconst^2 dampratio^2), timeconst >= 2 timestep unless refsafe is
// disabled. Otherwise the direct form (-stiffness, -damping): b = damping / dmax,
// k = stiffness / dmax^2. The impedance factor of k is applied by the caller.
void mj_stiffDamp(const mjModel* m, const mjtNum solref[mjNREF], mjtNum dmax, mjtNum* K,
                  mjtNum* B) {
  dmax = mju_clip(dmax, mjMINIMP, mjMAXIMP);
  if (solref[0] > 0) {
    mjtNum timeconst = solref[0], dampratio = solref[1];
    if (!mjDISABLED(mjDSBL_REFSAFE)) {
      timeconst = mjMAX(timeconst, 2 * m->opt.timestep);
    }
    *B = 2 / (dmax * timeconst);
    *K = 1 / (dmax * dmax * timeconst * timeconst * dampratio * dampratio);
  } else {
    *B = -solref[1] / dmax;
    *K = -solref[0] / (dmax * dmax);
  }
}

// ---------------------------------------------------------------------------------------------
// per-row parameters

namespace {

// translational (k = 0) or rotational (k = 1) invweight0 of a body
mjtNum bodyWeight(const mjModel* m, int body, int k) {
  return m->body_invweight0[2 * body + k];
}

// the two bodies of a connect / weld constraint
void eqBodies(const mjModel* m, int e, int* b1, int* b2) {
  *b1 = m->eq_obj1id[e];
  *b2 = m->eq_obj2id[e];
  if (m->eq_objtype[e] == mjOBJ_SITE) {
    *b1 = m->site_bodyid[*b1];
    *b2 = m->site_bodyid[*b2];
  }
}

// translational weight of contact con: the sum of its bodies' weights (the vertex bodies of a
// flex element with the weights of the contact point, engine_collision_flex.h)
mjtNum contactWeight(const mjModel* m, const mjData* d, const mjContact* con) {
  int body[mjMAXCONTACTBODY];
  mjtNum weight[mjMAXCONTACTBODY], tran = 0;
  for (int k = 0; k < 2; k++) {
    int n = mj_contactBodyWeights(m, d, con, k, body, weight);
    for (int i = 0; i < n; i++) {
      tran += weight[i] * bodyWeight(m, body[i], 0);
    }
  }
  return tran;
}

// edge of the sub-th row of a flex equality (rows skip rigid edges)
int flexRowEdge(const mjModel* m, int f, int sub) {
  int adr = m->flex_edgeadr[f], num = m->flex_edgenum[f];
  for (int e = adr; e < adr + num; e++) {
    if (!m->flexedge_rigid[e] && sub-- == 0) {
      return e;
    }
  }
  return adr;
}

// mean translational weight of the node bodies of the cell of flexstrain equality e
mjtNum flexCellWeight(const mjModel* m, int e) {
  int node[mjMAXFLEXNODES];
  const mjtNum* rows;
  int nnode = mj_flexStrainCell(m, e, node, &rows);
  int nadr = nnode ? m->flex_nodeadr[m->eq_obj1id[e]] : 0;
  mjtNum sum = 0;
  for (int a = 0; a < nnode; a++) {
    sum += bodyWeight(m, m->flex_nodebodyid[nadr + node[a]], 0);
  }
  return nnode ? sum / nnode : 0;
}

// MuJoCo 3.8 gives the rows of flexstrain equalities their diagonal approximation in groups of
// 26 rows (the documented row count of a trilinear cell; a cell has 18): a group starts at a
// flexstrain row that is not in a group, and all its 26 rows take the mean weight of that row's
// cell, whatever constraint they belong to (the rest of an 18-row cell, the next equalities,
// or contacts, whose t it becomes). Measured on cells with pinned nodes next to free ones,
// followed by connect equalities and by contacts.
const int kStrainGroup = 26;

// Diagonal approximation of A for row i, the `sub`-th row of its constraint ("Parameters":
// end-effector inverse inertias at qpos0, body_/dof_/tendon_invweight0):
//   connect, weld position rows: sum of the two bodies' translational weights; weld rotation
//   rows: rotational weights; joint / tendon couplings: sum of the two dof / tendon weights;
//   friction loss and limits: the dof's (first dof of a joint) or tendon's weight;
//   contacts: t = sum of the bodies' translational weights; elliptic rows 0: t, j > 0:
//   t mu0^2 / (mu_j^2 impratio) (friction coefficients clamped to mjMINMU); pyramidal rows:
//   t (1 + mu0^2) 2 mu0^2 / impratio (checked against MuJoCo).
// *tran holds t between the rows of one contact: computed at its first row (sub = 0) when
// refresh is set, reused by the others.
mjtNum diagApprox(const mjModel* m, const mjData* d, int i, int sub, mjtNum* tran_cache,
                  int refresh) {
  int id = d->efc_id[i], b1, b2;
  switch (d->efc_type[i]) {
    case mjCNSTR_EQUALITY:
      switch (m->eq_type[id]) {
        case mjEQ_CONNECT:
        case mjEQ_WELD: {
          eqBodies(m, id, &b1, &b2);
          int k = sub < 3 ? 0 : 1;
          return bodyWeight(m, b1, k) + bodyWeight(m, b2, k);
        }
        case mjEQ_JOINT: {
          int j2 = m->eq_obj2id[id];
          mjtNum w = m->dof_invweight0[m->jnt_dofadr[m->eq_obj1id[id]]];
          return j2 >= 0 ? w + m->dof_invweight0[m->jnt_dofadr[j2]] : w;
        }
        case mjEQ_TENDON: {
          int t2 = m->eq_obj2id[id];
          mjtNum w = m->tendon_invweight0[m->eq_obj1id[id]];
          return t2 >= 0 ? w + m->tendon_invweight0[t2] : w;
        }
        case mjEQ_FLEX:
          return m->flexedge_invweight0[flexRowEdge(m, m->eq_obj1id[id], sub)];
        case mjEQ_FLEXSTRAIN:
          return flexCellWeight(m, id);
        default:
          return 0;
      }
    case mjCNSTR_FRICTION_DOF:
      return m->dof_invweight0[id];
    case mjCNSTR_FRICTION_TENDON:
    case mjCNSTR_LIMIT_TENDON:
      return m->tendon_invweight0[id];
    case mjCNSTR_LIMIT_JOINT:
      return m->dof_invweight0[m->jnt_dofadr[id]];
    default: {
      const mjContact* con = d->contact + id;
      if (sub == 0 && refresh) {
        *tran_cache = contactWeight(m, d, con);
      }
      mjtNum tran = *tran_cache;
      mjtNum mu0 = mjMAX(mjMINMU, con->friction[0]);
      if (d->efc_type[i] == mjCNSTR_CONTACT_PYRAMIDAL) {
        return tran * (1 + mu0 * mu0) * 2 * mu0 * mu0 / m->opt.impratio;
      }
      if (d->efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC && sub > 0) {
        mjtNum mu = mjMAX(mjMINMU, con->friction[sub - 1]);
        return tran * mu0 * mu0 / (mu * mu * m->opt.impratio);
      }
      return tran;
    }
  }
}

// solref and solimp of row i (the `sub`-th of its constraint); *friction is set for rows
// without a position residual (friction loss and the friction rows of elliptic cones)
void rowParams(const mjModel* m, const mjData* d, int i, int sub, const mjtNum** solref,
               const mjtNum** solimp, int* friction) {
  int id = d->efc_id[i];
  *friction = 0;
  switch (d->efc_type[i]) {
    case mjCNSTR_EQUALITY:
      *solref = m->eq_solref + mjNREF * id;
      *solimp = m->eq_solimp + mjNIMP * id;
      return;
    case mjCNSTR_FRICTION_DOF:
      *solref = m->dof_solref + mjNREF * id;
      *solimp = m->dof_solimp + mjNIMP * id;
      *friction = 1;
      return;
    case mjCNSTR_FRICTION_TENDON:
      *solref = m->tendon_solref_fri + mjNREF * id;
      *solimp = m->tendon_solimp_fri + mjNIMP * id;
      *friction = 1;
      return;
    case mjCNSTR_LIMIT_JOINT:
      *solref = m->jnt_solref + mjNREF * id;
      *solimp = m->jnt_solimp + mjNIMP * id;
      return;
    case mjCNSTR_LIMIT_TENDON:
      *solref = m->tendon_solref_lim + mjNREF * id;
      *solimp = m->tendon_solimp_lim + mjNIMP * id;
      return;
    default: {
      const mjContact* con = d->contact + id;
      *solref = con->solref;
      *solimp = con->solimp;
      if (d->efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC && sub > 0) {
        *friction = 1;
        if (con->solreffriction[0] != 0 || con->solreffriction[1] != 0) {
          *solref = con->solreffriction;
        }
      }
      return;
    }
  }
}

// index of row i within its constraint (rows of one constraint are consecutive and share
// type and id; a joint or tendon with both limits active gives two one-row constraints)
int subRow(const mjData* d, int i, int prev_sub) {
  int type = d->efc_type[i];
  if (i == 0 || d->efc_type[i - 1] != type || d->efc_id[i - 1] != d->efc_id[i] ||
      type == mjCNSTR_LIMIT_JOINT || type == mjCNSTR_LIMIT_TENDON) {
    return 0;
  }
  return prev_sub + 1;
}

// Euclidean norm of the residual of the equality constraint whose first row is i (all its
// rows share type and id): the impedance of an equality depends on the size of its whole
// violation, the same for all its rows (checked against MuJoCo, where KBIP's P is then
// the derivative with respect to this norm); for joint and tendon couplings the residual
// itself
mjtNum residualNorm(const mjData* d, int i) {
  mjtNum sum = 0;
  int k = i;
  for (; k < d->nefc && d->efc_type[k] == mjCNSTR_EQUALITY && d->efc_id[k] == d->efc_id[i]; k++) {
    sum += d->efc_pos[k] * d->efc_pos[k];
  }
  // a one-row constraint keeps the sign of its residual (P is then dd/dr, as for limits)
  return k == i + 1 ? d->efc_pos[i] : sqrt(sum);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// mj_makeImpedance

// For every row: diagApprox, then (K, B, I, P) with I = d(r) at r = pos - margin (equality
// rows: r = norm of the constraint's residual; elliptic friction rows take the impedance of
// their normal row; friction loss rows d(0)),
// K = 0 for friction rows, R = (1 - I)/I diagApprox (at least mjMINVAL), D = 1/R
// ("Parameters", eq:impedance_R).
void mj_makeImpedance(const mjModel* m, mjData* d) {
  int sub = 0, group = 0, refresh = 0;
  mjtNum normal_imp = 0, normal_dimp = 0, tran = 0, groupw = 0;
  for (int i = 0; i < d->nefc; i++) {
    sub = subRow(d, i, sub);
    if (!group && d->efc_type[i] == mjCNSTR_EQUALITY &&
        m->eq_type[d->efc_id[i]] == mjEQ_FLEXSTRAIN) {
      group = kStrainGroup;
      groupw = flexCellWeight(m, d->efc_id[i]);
    }
    const mjtNum *solref, *solimp;
    int friction;
    rowParams(m, d, i, sub, &solref, &solimp, &friction);

    // impedance; overridden contact parameters (mjENBL_OVERRIDE) replace the contact's
    mjtNum ovr_solref[mjNREF], ovr_solimp[mjNIMP];
    int type = d->efc_type[i];
    if (type >= mjCNSTR_CONTACT_FRICTIONLESS && mjENABLED(mjENBL_OVERRIDE)) {
      mju_copy(ovr_solref, m->opt.o_solref, mjNREF);
      mju_copy(ovr_solimp, m->opt.o_solimp, mjNIMP);
      solref = ovr_solref;
      solimp = ovr_solimp;
    }
    // rows after the first of a constraint share its impedance: elliptic friction rows and
    // equality rows by definition, pyramidal edges because they all have the contact's
    // residual and margin
    mjtNum imp, dimp;
    // each edge row of a flex equality, and each row of a flexstrain equality, is a constraint
    // of its own for the impedance
    int flexrow = type == mjCNSTR_EQUALITY && (m->eq_type[d->efc_id[i]] == mjEQ_FLEX ||
                                               m->eq_type[d->efc_id[i]] == mjEQ_FLEXSTRAIN);
    if ((type == mjCNSTR_CONTACT_ELLIPTIC || (type == mjCNSTR_EQUALITY && !flexrow) ||
         type == mjCNSTR_CONTACT_PYRAMIDAL) &&
        sub > 0) {
      imp = normal_imp;
      dimp = normal_dimp;
    } else {
      mjtNum r = friction ? 0 : d->efc_pos[i] - d->efc_margin[i];
      if (type == mjCNSTR_EQUALITY && !flexrow) {
        r = residualNorm(d, i);
      }
      imp = mj_impedance(solimp, r, &dimp);
      normal_imp = imp;
      normal_dimp = dimp;
    }

    // the edges of a pyramidal contact share its solref, solimp and diagApprox: K, B and the
    // diagonal of its first row
    mjtNum K, B, diag;
    if (type == mjCNSTR_CONTACT_PYRAMIDAL && sub > 0) {
      K = d->efc_KBIP[4 * (i - 1)];
      B = d->efc_KBIP[4 * (i - 1) + 1];
      diag = d->efc_diagApprox[i - 1];
    } else {
      mj_stiffDamp(m, solref, solimp[1], &K, &B);
      if (friction) {
        K = 0;
      }
      if (group && d->efc_type[i] >= mjCNSTR_CONTACT_FRICTIONLESS) {
        tran = groupw;  // a contact row inside a flexstrain group takes its weight as t
        diag = diagApprox(m, d, i, sub, &tran, 0);
      } else if (group) {
        diag = groupw;
      } else {
        diag = diagApprox(m, d, i, sub, &tran, 1);
        if (refresh && sub > 0 && d->efc_type[i] >= mjCNSTR_CONTACT_FRICTIONLESS) {
          // the first row after a group starts a new one, even inside a contact
          tran = contactWeight(m, d, d->contact + d->efc_id[i]);
          diag = diagApprox(m, d, i, sub, &tran, 0);
        }
      }
      refresh = 0;
    }
    if (group && --group == 0) {
      refresh = 1;
    }
    mjtNum* kbip = d->efc_KBIP + 4 * i;
    kbip[0] = K;
    kbip[1] = B;
    kbip[2] = imp;
    kbip[3] = dimp;

    d->efc_diagApprox[i] = diag;
    d->efc_R[i] = mjMAX(mjMINVAL, (1 - imp) * diag / imp);
    d->efc_D[i] = 1 / d->efc_R[i];
  }
}

// ---------------------------------------------------------------------------------------------
// mj_referenceConstraint (stage 17)

// efc_vel = J qvel; efc_aref = -B vel - K I (pos - margin) (eq:aref, with the impedance
// factor of the stiffness from eq:solref_standard), minus Jdot qvel on connect and weld rows:
// the dual problem's unconstrained acceleration J M^-1 (tau - c) + Jdot v ("Dual problem")
// enters every solver as J qacc - aref, so the term moves into aref.
void mj_referenceConstraint(const mjModel* m, mjData* d) {
  int nefc = d->nefc;
  if (!nefc) {
    return;
  }
  mj_mulJacVec(m, d, d->efc_vel, d->qvel);
  for (int i = 0; i < nefc; i++) {
    const mjtNum* kbip = d->efc_KBIP + 4 * i;
    d->efc_aref[i] =
        -kbip[1] * d->efc_vel[i] - kbip[0] * kbip[2] * (d->efc_pos[i] - d->efc_margin[i]);
  }
  for (int i = 0; i < nefc;) {
    int e = d->efc_id[i];
    if (d->efc_type[i] != mjCNSTR_EQUALITY ||
        (m->eq_type[e] != mjEQ_CONNECT && m->eq_type[e] != mjEQ_WELD)) {
      i++;
      continue;
    }
    mjtNum bias[6];
    mj_eqBiasAcc(m, d, e, bias);
    int nrow = m->eq_type[e] == mjEQ_WELD ? 6 : 3;
    for (int k = 0; k < nrow; k++) {
      d->efc_aref[i + k] -= bias[k];
    }
    i += nrow;
  }
}
